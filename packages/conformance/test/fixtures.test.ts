import { listAssumptions, loadDescription } from '@tas/openapi';
import { startSandbox } from '@tas/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allChecks } from '../src/checks/index.js';
import { parseFixtures, shortage } from '../src/fixtures-file/fixtures.js';
import { needsOf } from '../src/plan.js';
import { skipReason } from '../src/preflight.js';
import { run } from '../src/run.js';
import { RunError } from '../src/select.js';

const T = '3f1c2a9e-8b7d-4e61-9a0c-5d2e7f4b1a63';

describe('fixtures file', () => {
  it.each([
    ['not JSON', '{', /not JSON/],
    ['a list that is not an array', '{"roadmaps": "x"}', /roadmaps must be an array/],
    ['a token that is not a UUID', '{"records": {"ready": ["abc"]}}', /records.ready holds "abc"/],
    [
      "a placeholder left in the other organizer's",
      '{"other": {"roadmaps": ["<token>"]}}',
      /other.roadmaps holds "<token>"/,
    ],
  ])('refuses %s', (_name, text, want) => {
    expect(() => parseFixtures(text)).toThrow(want);
  });

  it('says what it lacks', () => {
    const f = parseFixtures(JSON.stringify({ records: { ready: [T] }, roadmaps: [T] }));
    expect(shortage(f, { ready: 3, vipWait: 1, roadmaps: 1 })).toEqual([
      '2 more records.ready (needs 3, has 1)',
      '1 more records.vip_wait (needs 1, has 0)',
    ]);
  });
});

describe('a run from a fixtures file (as against a live deployment)', () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, rateLimit: false });
  });
  afterAll(() => sandbox.close());

  async function make(path: string, body: unknown): Promise<string> {
    const res = await fetch(`${sandbox.url}${path}`, {
      method: 'POST',
      headers: { 'API-KEY': 'sandbox-key-instant', 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    return ((await res.json()) as { data: { token: string } }).data.token;
  }

  it('uses each token once and passes', async () => {
    const doc = loadDescription();
    const checks = allChecks(doc, listAssumptions(doc)).filter((c) => !skipReason(c, 'sandbox', {}));
    const needs = needsOf(checks);
    const many = (n: number, path: string, body: unknown) =>
      Promise.all(Array.from({ length: n }, () => make(path, body)));
    const fixtures = {
      records: {
        ready: await many(needs.ready, '/__sandbox/records/', { test_id: 'career-interest' }),
        vip_wait: await many(needs.vipWait, '/__sandbox/records/', { test_id: 'career-interest', state: 'vip_wait' }),
      },
      roadmaps: await many(needs.roadmaps, '/__sandbox/roadmaps/', {}),
    };
    const result = await run({
      baseUrl: sandbox.url,
      apiKey: 'sandbox-key-instant',
      target: 'sandbox',
      fixtures,
      rate: false,
    });
    expect(result.results.filter((r) => r.outcome === 'fail')).toEqual([]);
    // tenant-isolation, listing-tenancy, result-tenancy and external-id-per-organizer (no other key), questionnaire-html
    // (no records.html in the file), and the four SMS-only checks (an instant organizer; mobile-limit
    // checks there that its limit is absent).
    expect(result.results.filter((r) => r.outcome === 'skip').map((r) => r.id)).toEqual([
      'tenant-isolation',
      'listing-tenancy',
      'sms-wrong-code',
      'questionnaire-html',
      'result-tenancy',
      'roadmap-verify-twice',
      'roadmap-verify-draft-token',
      'external-id-per-organizer',
      'draft-token-expiry',
    ]);
  });

  it('refuses to start with too few', async () => {
    const run1 = run({ baseUrl: sandbox.url, apiKey: 'k', fixtures: { records: { ready: [T] } }, rate: false });
    await expect(run1).rejects.toThrow(RunError);
    await expect(run1).rejects.toThrow(/not enough fixtures/);
  });
});
