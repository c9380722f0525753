import { readFileSync } from 'node:fs';
import { listAssumptions, loadDescription } from '@tas/openapi';
import { describe, expect, it } from 'vitest';
import { registry } from '../src/registry.js';
import { cell, type Statement, statementsOf, statementsTable, withTable } from '../src/statements/table.js';

const doc = loadDescription();
const { checks, rules: responseRules, claims } = registry(doc, listAssumptions(doc));
const STATEMENTS = statementsOf(claims);

describe('the statements table', () => {
  it('REFERENCE.md holds the table as generated (run npm run statements -w @tas/conformance when this fails)', () => {
    const readme = readFileSync(new URL('../REFERENCE.md', import.meta.url), 'utf8');
    expect(readme).toBe(withTable(readme, statementsTable(STATEMENTS, checks, responseRules)));
  });

  it('every statement names known checks, or says why none can verify it', () => {
    for (const s of STATEMENTS) {
      for (const id of s.checks)
        expect([...checks.map((c) => c.id), ...responseRules.map((r) => r.id)], s.text).toContain(id);
      expect(s.checks.length > 0 || s.notCheckable?.all !== undefined, s.text).toBe(true);
    }
  });

  // A check that judges no claim is a check nobody can read a verdict from: it must hold or judge one.
  it('every check and response rule judges a claim of the interface', () => {
    const listed = new Set(STATEMENTS.flatMap((s) => s.checks));
    const orphans = [...checks.map((c) => c.id), ...responseRules.map((r) => r.id)].filter((id) => !listed.has(id));
    expect(orphans, 'checks that hold no claim and judge none (claims, judges)').toEqual([]);
  });

  it('each statement is a sentence its claims quote, with the checks of every claim quoting it', () => {
    for (const claim of claims) {
      const statement = STATEMENTS.find((s) => s.section === claim.section && s.text === claim.quote);
      expect(statement?.checks, claim.id).toEqual(expect.arrayContaining(claim.checks));
    }
  });

  const statement = (checks: string[], notCheckable?: Statement['notCheckable']): Statement => ({
    section: 'S',
    text: 'T',
    checks,
    notCheckable,
  });
  it.each([
    [
      'a contract check runs everywhere',
      statement(['malformed-token']),
      ['`malformed-token`', '`malformed-token`', '`malformed-token`'],
    ],
    [
      'a journey is not checkable on the mock',
      statement(['record-auth']),
      [
        'not checkable on mock: the mock keeps no state and accepts any key: it gets the contract checks only',
        '`record-auth`',
        '`record-auth`',
      ],
    ],
    [
      'an opt-in check on live says so',
      statement(['draft-token-expiry']),
      [expect.stringMatching(/^not checkable on mock/), '`draft-token-expiry`', '`draft-token-expiry` (--slow)'],
    ],
    [
      'a reason of its own',
      statement([], { all: 'a client cannot' }),
      [
        'not checkable on mock: a client cannot',
        'not checkable on sandbox: a client cannot',
        'not checkable on live: a client cannot',
      ],
    ],
  ])('%s', (_name, given, want) => {
    expect((['mock', 'sandbox', 'live'] as const).map((t) => cell(given, t, checks, responseRules))).toEqual(want);
  });

  it('a response rule that cannot see an answer on a target says so there', () => {
    expect(cell(statement(['response.retry-after']), 'mock', checks, responseRules)).toBe(
      'not checkable on mock: the mock has no rate limit',
    );
  });

  it('an unknown check id is an error, not a silent gap', () => {
    expect(() => cell(statement(['no-such-check']), 'sandbox', checks, responseRules)).toThrow(/unknown check/);
  });
});
