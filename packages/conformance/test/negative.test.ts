import { createValidator, listAssumptions, listOperations, loadDescription } from '@tas/openapi';
import { describe, expect, it } from 'vitest';
import { drawCases, type NegativeCase } from '../src/negative/draw.js';
import { listSites, type Site } from '../src/negative/sites.js';
import type { ConstraintKind } from '../src/types.js';

const doc = loadDescription();
const assumptions = listAssumptions(doc);
const validator = createValidator(doc);
const sites = listSites(doc, assumptions);

/** The keyword the description's validator names when a value breaks each kind of constraint. */
const TABLE: [kind: ConstraintKind, where: string, keyword: string][] = [
  ['type', 'body /mobile of authenticateRoadmap', 'type'],
  ['type', 'query page of listRecords', 'type'],
  ['required', 'body /roles of authenticateRoadmap', 'required'],
  ['pattern', 'body /mobile of authenticateRoadmap', 'pattern'],
  ['minLength', 'body /roles/0/profile/name of authenticateRoadmap', 'minLength'],
  ['maxLength', 'body /roles/0/profile/name of authenticateRoadmap', 'maxLength'],
  ['minimum', 'body /roles/0/profile/external_id of authenticateRoadmap', 'minimum'],
  ['maximum', 'query page_size of listRecords', 'maximum'],
  ['enum', 'query status of listRecords', 'enum'],
  ['format', 'body /roles/0/profile/birth of authenticateRoadmap', 'format'],
  ['format', 'path token of getRecord', 'format'],
  ['additionalProperties', 'body /roles/0/profile of authenticateRoadmap', 'additionalProperties'],
  ['minItems', 'body /roles of authenticateRoadmap', 'minItems'],
  ['maxItems', 'body /roles of authenticateRoadmap', 'maxItems'],
];

const operations = listOperations(doc);

/** What the description's own validator says of a generated request (the servers validate with it too). */
function issuesOf(c: NegativeCase) {
  const operation = operations.find((o) => o.operationId === c.operationId);
  if (!operation) throw new Error(c.operationId);
  const params = validator.validateParameters(operation, { path: c.params, query: c.query });
  return [...params.issues, ...validator.validateRequestBody(operation, c.body).issues];
}

const where = (s: Site) => `${s.in === 'body' ? `body ${s.name}` : `${s.in} ${s.name}`} of ${s.operationId}`;

describe('generated negative inputs', () => {
  it.each(TABLE)('a %s constraint (%s) yields values the description rejects for it', (kind, at, keyword) => {
    const index = sites.findIndex((s) => s.kind === kind && where(s) === at);
    expect(index, `no ${kind} site at ${at}`).toBeGreaterThanOrEqual(0);
    const only = [sites[index] as Site];
    for (const seed of [1, 2, 3]) {
      const cases = drawCases(doc, validator, only, seed, 3);
      expect(cases).toHaveLength(3);
      for (const c of cases) {
        const keywords = issuesOf(c).map((i) => i.keyword);
        expect(keywords.length, `${c.label} passed the validator`).toBeGreaterThan(0);
        expect(keywords, c.label).toContain(keyword);
      }
    }
  });

  it('every kind of constraint the description uses is generated somewhere', () => {
    expect(new Set(sites.map((s) => s.kind))).toEqual(new Set(TABLE.map(([kind]) => kind)));
  });

  it('the same seed draws the same requests; another seed, others', () => {
    const a = drawCases(doc, validator, sites, 12345, 60);
    const b = drawCases(doc, validator, sites, 12345, 60);
    const c = drawCases(doc, validator, sites, 54321, 60);
    expect(a).toHaveLength(60);
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
    expect(JSON.stringify(c)).not.toBe(JSON.stringify(a));
  });

  it('a budget at least the number of constraints breaks each constraint once', () => {
    const cases = drawCases(doc, validator, sites, 9, sites.length);
    const broken = new Set(cases.map((c) => c.operationId + c.label.replace(/ (=|\(left out\)).*$/s, '')));
    expect(broken.size).toBe(sites.length);
  });
});

// A server reads a name or a mobile as people type it (x-normalise) before validating it: a value
// generated as invalid must stay invalid once read so, or a conformant server would "accept bad input".
describe('generated invalid names and mobiles are invalid as a server reads them', () => {
  const typed = sites.filter((s) => /\/(name|mobile)$/.test(s.name) && s.in === 'body');
  it.each(typed.map((s) => [`${s.kind} ${where(s)}`, s] as const))('%s', (_, site) => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const cases = drawCases(doc, validator, [site], seed, 4);
      expect(cases).toHaveLength(4);
      for (const c of cases) expect(issuesOf(c).length, `${c.label} is valid as a server reads it`).toBeGreaterThan(0);
    }
  });

  it('a name that only differs from a valid one in what is normalised is not drawn as invalid', () => {
    const auth = operations.find((o) => o.operationId === 'authenticateRecord');
    if (!auth) throw new Error('authenticateRecord');
    const body = { mobile: '۰۹۱۲۱۲۳۴۵۶۷', profile: { name: ' علي كاظمي ', birth: '1990-04-21', is_male: true } };
    expect(validator.validateRequestBody(auth, body).valid).toBe(true);
  });
});
