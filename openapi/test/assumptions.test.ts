// Stated and assumed: every assumption is marked, has its reason, and is listed in README.md.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { withTable } from '../scripts/assumptions.js';
import { assumptionLabel, assumptionsTable, isAssumed, listAssumptions } from '../src/index.js';
import { doc } from './helpers.js';

const assumptions = listAssumptions(doc);

describe('assumptions', () => {
  it('README.md lists every assumption of the description (npm run assumptions regenerates it)', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    expect(readme).toBe(withTable(readme, assumptionsTable(assumptions)));
  });
  it.each(assumptions.map((a) => [a.pointer, a.reason]))('%s says why', (_, reason) => {
    expect(reason.length).toBeGreaterThan(15);
  });
  it.each([
    ['the error body shape', '/components/schemas/ErrorEnvelope'],
    ['the message item shape', '/components/schemas/Message'],
    ['the listing path', '/paths/~1record~1/get'],
    ['the result path', '/paths/~1record~1{token}~1result~1/get'],
    ['the behaviour without a key (401)', '/components/responses/Unauthorized'],
    ['the rate-limit header', '/components/headers/RetryAfter'],
    [
      'roadmap fields beyond roles, test_records, tests_auth_required',
      '/components/schemas/Roadmap/properties/auth_required',
    ],
    ['the nested test field types', '/components/schemas/TestSummary/properties/questions_count'],
    ['the success status codes', '/paths/~1record~1{token}~1/get/responses/200'],
  ])('%s is marked assumed', (_, pointer) => expect(isAssumed(assumptions, pointer)).toBe(true));
  it.each([
    ['TestRecord.status', '/components/schemas/TestRecord/properties/status'],
    ['Profile.mobile', '/components/schemas/Profile/properties/mobile'],
    ['the roadmap auth 409', '/paths/~1roadmap~1{token}~1auth~1/post/responses/409'],
    ['the questions 403', '/paths/~1record~1{token}~1questions~1/get/responses/403'],
  ])('%s, stated by the interface, is not marked assumed', (_, pointer) =>
    expect(isAssumed(assumptions, pointer)).toBe(false),
  );
});

describe('assumptionLabel', () => {
  it.each([
    ['/paths/~1record~1{token}~1/get/responses/404', '`GET /record/{token}/` → 404'],
    ['/paths/~1record~1/get', '`GET /record/`'],
    ['/components/schemas/Roadmap/properties/roles/items', '`Roadmap.roles`'],
    ['/info/x-unmatched-requests', 'All operations: unmatched requests'],
  ])('%s reads as %s', (pointer, want) => {
    expect(assumptionLabel(pointer)).toBe(want);
  });
});
