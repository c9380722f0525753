import { readFileSync } from 'node:fs';
import { listAssumptions, listOperations, loadDescription } from '@tas/openapi';
import { describe, expect, it } from 'vitest';
import { readRecord } from '../scripts/interface.js';
import { CLAIMS_END, CLAIMS_START, claimsTable } from '../src/claims/table.js';
import { registry } from '../src/registry.js';
import { withTable } from '../src/statements/table.js';

const doc = loadDescription();
const { checks, rules, claims: CLAIMS } = registry(doc, listAssumptions(doc));
const ids = [...checks.map((c) => c.id), ...rules.map((r) => r.id)];
const operations = listOperations(doc).map((o) => o.operationId);

describe('the claim inventory', () => {
  // grounds.test.ts checks every recorded quote against the interface document wherever one is
  // available (else against grounds.json's record), and says which.
  it('every quote is among the grounds recorded and checked word for word (grounds.json)', () => {
    const recorded = new Set(readRecord().quotes);
    expect(CLAIMS.filter((c) => !recorded.has(c.quote)).map((c) => `${c.id}: ${c.quote}`)).toEqual([]);
  });

  it('ids are unique', () => {
    const seen = CLAIMS.map((c) => c.id);
    expect(seen.filter((id, i) => seen.indexOf(id) !== i)).toEqual([]);
  });

  it('every check id a claim names exists', () => {
    const unknown = CLAIMS.flatMap((c) => [...c.checks, ...c.breaches.flatMap((b) => b.via ?? [])]).filter(
      (id) => !ids.includes(id),
    );
    expect(unknown).toEqual([]);
  });

  it('every claim has checks, or a written reason why no client can observe it', () => {
    for (const c of CLAIMS) {
      if (c.unobservable) {
        expect(c.checks, c.id).toEqual([]);
        expect(c.unobservable.length, c.id).toBeGreaterThan(20);
      } else expect(c.checks.length, c.id).toBeGreaterThan(0);
    }
  });

  it('every observable claim has a breach, or a written reason why none is generated', () => {
    for (const c of CLAIMS.filter((c) => !c.unobservable))
      expect(c.breaches.length > 0 || (c.noBreach?.length ?? 0) > 20, c.id).toBe(true);
  });

  it('every breach names an operation of the description, and one the judges can see', () => {
    for (const c of CLAIMS)
      for (const b of c.breaches) {
        expect(b.op === '*' || operations.includes(b.op), `${c.id}: ${b.op}`).toBe(true);
        // Response rules judge the answers of the checks a run selects: a claim judged by them alone needs one.
        const drivers = [...c.checks.filter((id) => !id.startsWith('response.')), ...(b.via ?? [])];
        expect(drivers.length, `${c.id}: no check sends the requests its breach changes`).toBeGreaterThan(0);
      }
  });

  it('the sections the issue names are all covered', () => {
    const sections = new Set(CLAIMS.map((c) => c.section.split(':')[0]));
    for (const s of [
      'Resources',
      'Endpoints',
      'States and transitions',
      'Authentication',
      'Errors',
      'Limits',
      'Consistency between answers',
    ])
      expect(sections, s).toContain(s);
    // Tenancy on every read, the listing included.
    for (const op of ['getRecord', 'getQuestions', 'getRoadmap', 'authenticateRecord', 'listRecords'])
      expect(
        CLAIMS.some((c) => c.breaches.some((b) => b.family === 'leak' && b.op === op)),
        op,
      ).toBe(true);
  });

  it('REFERENCE.md holds the claims table as generated (run npm run statements -w @tas/conformance when this fails)', () => {
    const readme = readFileSync(new URL('../REFERENCE.md', import.meta.url), 'utf8');
    expect(readme).toBe(withTable(readme, claimsTable(CLAIMS), [CLAIMS_START, CLAIMS_END]));
  });
});
