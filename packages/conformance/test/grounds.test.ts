import { readFileSync } from 'node:fs';
import { listAssumptions, listOperations, loadDescription } from '@tas/openapi';
import { describe, expect, it } from 'vitest';
import { findInterface, fingerprint, notIn, quotedGrounds, readRecord } from '../scripts/interface.js';
import { type ConstraintRef, constraintGround } from '../src/grounds/constraints.js';
import { isStated } from '../src/grounds/ground.js';
import { constraintRows, GROUNDS_END, GROUNDS_START, groundsTable } from '../src/grounds-table.js';
import { mutations } from '../src/mutations.js';
import { listSites } from '../src/negative/sites.js';
import { registry } from '../src/registry.js';
import { withTable } from '../src/statements/table.js';

const doc = loadDescription();
const assumptions = listAssumptions(doc);
const { rules: responseRules, grounded } = registry(doc, assumptions);
const RULE_PARTS = grounded.flatMap((e) => (e.grounds ?? []).map((p) => ({ rule: e.id, ...p })));

// The interface document is not part of the repository: checked against it wherever one is available
// (TAS_INTERFACE_MD, or ../shared/interface.md beside the repository), else against grounds.json, the
// record of the quotes and of the document they were last checked against. The output says which.
const found = findInterface();
const record = readRecord();
const quotes = quotedGrounds(doc, assumptions);
const recorded = `${record.interface.title}, sha256 ${record.interface.sha256.slice(0, 12)}`;
const RERECORD = 'npm run statements -w @tas/conformance, with the interface available, records them';

describe('what each rule and constraint rests on', () => {
  it('REFERENCE.md holds the grounds table as generated (run npm run statements -w @tas/conformance when this fails)', () => {
    const readme = readFileSync(new URL('../REFERENCE.md', import.meta.url), 'utf8');
    expect(readme).toBe(withTable(readme, groundsTable(doc, assumptions, grounded), [GROUNDS_START, GROUNDS_END]));
  });

  it(`grounds.json records every quoted sentence, and only those (${RERECORD})`, () => {
    expect(record.quotes).toEqual(quotes);
  });

  if ('path' in found) {
    console.log(`grounds: checked against the interface document at ${found.path} (${found.from})`);
    it(`every quoted sentence is in the interface document at ${found.path} (${found.from}), word for word`, () => {
      expect(notIn(readFileSync(found.path, 'utf8'), quotes)).toEqual([]);
    });
    it(`the interface document at ${found.path} is the one grounds.json was checked against (${recorded})`, () => {
      expect(fingerprint(readFileSync(found.path, 'utf8')), RERECORD).toBe(record.interface.sha256);
    });
  } else {
    console.log(
      `grounds: NOT checked against the interface document (${found.missing}); checked against grounds.json (${recorded})`,
    );
    it(`no interface document (${found.missing}): the quotes are checked against grounds.json alone (${recorded})`, () => {
      expect(found.error, found.missing).toBeUndefined();
      expect(record.interface.sha256).toMatch(/^[0-9a-f]{64}$/);
    });
  }

  it('every response rule has its parts in the table, and every constraint a sentence or a reason', () => {
    for (const rule of responseRules) expect(RULE_PARTS.map((p) => p.rule)).toContain(rule.id);
    for (const part of RULE_PARTS)
      expect(isStated(part.ground) || part.ground.assumed.length > 0, part.part).toBe(true);
    for (const site of listSites(doc, assumptions))
      expect(constraintGround(site).assumed, `${site.operationId} ${site.name} ${site.kind}`).not.toBe(
        'no sentence of the interface states it',
      );
  });

  const ref = (operationId: string, name: string, kind: ConstraintRef['kind'], pointer?: string): ConstraintRef => ({
    operationId,
    in: 'body',
    name,
    kind,
    pointer,
  });
  const ROLES = '/components/schemas/RoadmapAuthRequest/properties/roles';
  it.each([
    ['the roadmap mobile pattern', ref('authenticateRoadmap', '/mobile', 'pattern'), true],
    ['the roadmap name length', ref('authenticateRoadmap', '/roles/0/profile/name', 'maxLength'), true],
    ['the roadmap name pattern', ref('authenticateRoadmap', '/roles/0/profile/name', 'pattern'), true],
    ['roles: at least one', ref('authenticateRoadmap', '/roles', 'minItems', ROLES), true],
    ['roles: at most 20 (a bound of ours)', ref('authenticateRoadmap', '/roles', 'maxItems', ROLES), false],
    ['an unknown field (no sentence refuses it)', ref('authenticateRoadmap', '/', 'additionalProperties'), false],
    ['birth: an ISO 8601 date', ref('authenticateRoadmap', '/roles/0/profile/birth', 'format'), true],
    [
      'external_id bounds',
      ref('authenticateRoadmap', '/roles/0/profile/external_id', 'maximum', '/components/schemas/ExternalId'),
      false,
    ],
    ['the record auth mobile (body not shown)', ref('authenticateRecord', '/mobile', 'pattern'), false],
    ['the SMS code', ref('verifyRecordAuth', '/code', 'pattern'), false],
    ['an answer entry of the wrong type', ref('submitAnswers', '/record/0', 'type'), true],
    ['the answers array required', ref('submitAnswers', '/record', 'required'), true],
    ['a listing filter', { ...ref('listRecords', 'status', 'enum'), in: 'query' as const }, false],
    ['a record token', { ...ref('getRecord', 'token', 'format'), in: 'path' as const }, true],
  ])('%s: stated %s', (_name, given, want) => {
    expect(isStated(constraintGround(given))).toBe(want);
  });

  it('the generated inputs and the hand-picked cases judge each constraint as the table says', () => {
    const rows = constraintRows(doc, assumptions);
    const roadmapAuth = rows.filter((r) => r.operationId === 'authenticateRoadmap');
    expect(roadmapAuth.find((r) => r.constraint === 'body /roles: maxItems')?.assumed).toBe(true);
    expect(roadmapAuth.find((r) => r.constraint === 'body /mobile: pattern')?.assumed).toBe(false);
    const op = listOperations(doc).find((o) => o.operationId === 'authenticateRoadmap');
    const body = op?.requestBody as NonNullable<NonNullable<typeof op>['requestBody']>;
    const broken = mutations(doc, assumptions, body.schemaPointer, Object.values(body.examples)[0]);
    const byLabel = Object.fromEntries(broken.map((m) => [m.label, m.assumed]));
    expect(byLabel['/: unexpected field']).toBe(true);
    expect(byLabel['/roles/0/profile/name: breaks pattern']).toBeUndefined();
    expect(Object.entries(byLabel).filter(([label]) => label.startsWith('/roles/0/profile/name:'))).toEqual(
      expect.arrayContaining([[expect.stringMatching(/pattern/), false]]),
    );
  });
});
