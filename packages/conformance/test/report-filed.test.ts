import { describe, expect, it } from 'vitest';
import type { RunResult } from '../src/options.js';
import { formatResultLine, formatSummary } from '../src/report/console.js';
import { describedBy, type FindingGroup } from '../src/report/group.js';
import { toHtml } from '../src/report/html.js';
import { toJson } from '../src/report/json.js';
import { toJunit } from '../src/report/junit.js';
import { withPaths } from '../src/report/title.js';
import type { CheckResult, Exchange, Finding } from '../src/types.js';

// What QA files without re-checking: the requests and bodies behind a failure, the quote, the profile and seed.
const TOKEN = '11111111-1111-4111-8111-111111111111';
const QUOTE = 'After authentication the record stays at `status: 2` and `auth_required` becomes `false`.';
const auth: Exchange = {
  request: {
    method: 'POST',
    url: `http://t/api/v2/record/${TOKEN}/auth/`,
    key: 'main',
    headers: {},
    body: '{"mobile":"09120000000"}',
  },
  response: { status: 201, headers: {}, text: '{"data":{"linked":true},"successful":true,"messages":[]}', json: {} },
  operationId: 'authenticateRecord',
};
const read: Exchange = {
  request: { method: 'GET', url: `http://t/api/v2/record/${TOKEN}/`, key: 'main', headers: {} },
  response: { status: 200, headers: {}, text: '{"data":{"status":2,"auth_required":true,"profile":null}}', json: {} },
  operationId: 'getRecord',
};
const stated: Finding = {
  rule: 'record-auth',
  statement: "the interface's model: auth.instant",
  message: 'after auth.instant succeeded, the record must be authenticated',
  assumed: false,
  exchange: read,
  before: [auth],
  quotes: [QUOTE],
};
const note = (message: string, path: string): Finding => ({
  rule: 'response.schema',
  statement: 'Resources and their fields',
  message,
  assumed: true,
  path,
  exchange: read,
});
const result = (id: string, outcome: CheckResult['outcome'], findings: Finding[], reached = true): CheckResult => ({
  id,
  title: `the ${id} check`,
  statement: 's',
  kind: 'journey',
  outcome,
  findings,
  requests: 1,
  durationMs: 1,
  waitMs: 0,
  verdict: {
    stated: outcome === 'fail' ? 'fail' : 'pass',
    reached,
    notes: 0,
    ...(reached ? {} : { why: 'could not run: no roadmap fits' }),
  },
});
const RUN: RunResult = {
  baseUrl: 'http://t',
  target: 'live',
  strict: false,
  startedAt: '2026-11-28T00:00:00.000Z',
  durationMs: 1000,
  requests: 3,
  waitMs: 0,
  results: [
    result('record-auth', 'fail', [stated]),
    result('listing-detail', 'warn', [
      note(
        'getRecord 200: /data/test/gender_permission must be equal to one of the allowed values',
        '/data/test/gender_permission',
      ),
      note('getRecord 200: /data/test/gender_permission must be string', '/data/test/gender_permission'),
    ]),
    result('age-gender-mismatch', 'skip', [], false),
  ],
  summary: { pass: 0, fail: 1, warn: 1, skip: 1 },
  findings: { stated: 1, assumed: 2 },
  created: [],
  seed: 1,
  profile: { file: 'tas-profile.yaml', settings: { 'test_fields.gender_permission.men': '1 (profile)' } },
  negative: { budget: 0, constraints: 0 },
  conforms: false,
  couldNotRun: [{ id: 'age-gender-mismatch', why: 'could not run: no roadmap fits', needs: [] }],
};

describe('a stated failure QA can file', () => {
  it('the console shows the quote, each request and each answer behind it', () => {
    const text = formatResultLine(RUN.results[0] as CheckResult);
    expect(text).toContain(`quote: "${QUOTE}"`);
    expect(text).toContain(`before: curl -i -X POST 'http://t/api/v2/record/${TOKEN}/auth/'`);
    expect(text).toContain('got: 201 {"data":{"linked":true},"successful":true,"messages":[]}');
    expect(text).toContain(`repro: curl -i -X GET 'http://t/api/v2/record/${TOKEN}/'`);
    expect(text).toContain('got: 200 {"data":{"status":2,"auth_required":true,"profile":null}}');
  });

  it('the HTML and the JUnit show them too', () => {
    const html = toHtml(RUN, []);
    expect(html).toContain('<p>The interface says:</p><blockquote>After authentication');
    expect(html).toContain('Before it, sent:');
    expect(html).toContain('{&quot;data&quot;:{&quot;status&quot;:2,&quot;auth_required&quot;:true');
    const junit = toJunit(RUN);
    expect(junit).toContain('quote: &quot;After authentication');
    expect(junit).toContain('before: curl -i -X POST');
  });

  it('every report names the profile and the seed in effect', () => {
    const line = 'profile tas-profile.yaml (1 settings changed: test_fields.gender_permission.men); seed 1';
    expect(formatSummary(RUN)).toContain(`in effect: ${line}`);
    expect(toHtml(RUN, [])).toContain(line);
    expect(toJunit(RUN)).toContain(`<property name="in_effect" value="${line}"/>`);
    const json = JSON.parse(toJson(RUN));
    expect(json).toMatchObject({ inEffect: line, seed: 1, profile: RUN.profile });
  });

  it("the JSON's outcome is the console's verdict: notes only pass, a check that did not reach its end could not run", () => {
    const json = JSON.parse(toJson(RUN));
    expect(json.results.map((r: { id: string; outcome: string }) => [r.id, r.outcome])).toEqual([
      ['record-auth', 'fail'],
      ['listing-detail', 'pass'],
      ['age-gender-mismatch', 'could not run'],
    ]);
    expect(json.verdicts).toEqual({ pass: 1, fail: 1, 'could not run': 1, skip: 0 });
    expect(json.results[0].findings[0].before[0].response).toMatchObject({ status: 201 });
  });

  it('notes of a setting the profile changed are one line', () => {
    const summary = formatSummary(RUN);
    expect(summary).toMatch(
      /^ +2× the deployment's choice, as the profile's test_fields.gender_permission describes it$/m,
    );
    expect(summary).not.toContain('must be equal to one of the allowed values');
  });

  it("notes of an operation's statuses the profile describes, in any mode, are of that setting", () => {
    const g = { operationId: 'verifyRecordAuth', message: 'verifyRecordAuth answered 422' } as FindingGroup;
    expect(describedBy(g, { 'modes.sms.errors.verifyRecordAuth.400': '422 (profile)' })).toBe(
      'modes.sms.errors.verifyRecordAuth',
    );
    expect(describedBy(g, { 'success.verifyRecordAuth': '202 (profile)' })).toBe('success.verifyRecordAuth');
    expect(describedBy(g, { 'errors.verifyRoadmapAuth.400': '422 (profile)' })).toBeUndefined();
  });
});

describe('titles show the paths called', () => {
  it('swaps the listing path where it stands whole, never inside another path', () => {
    const swaps: [string, string][] = [
      ['/record/', '/records/'],
      ['/record/{token}/result/', '/results/{token}/'],
    ];
    expect(withPaths('GET /record/ lists only ready records', swaps)).toBe('GET /records/ lists only ready records');
    expect(withPaths('POST /record/{token}/auth/ refuses a bad body', swaps)).toBe(
      'POST /record/{token}/auth/ refuses a bad body',
    );
    expect(withPaths('GET /record/{token}/result/ before finishing', swaps)).toBe(
      'GET /results/{token}/ before finishing',
    );
  });
});
