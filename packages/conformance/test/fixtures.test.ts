import { startSandbox } from '@tas/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseFixtures, shortage } from '../src/fixtures/fixtures.js';
import { run } from '../src/run.js';
import { RunError } from '../src/select.js';

const T = '3f1c2a9e-8b7d-4e61-9a0c-5d2e7f4b1a63';

describe('fixtures file', () => {
  it.each([
    ['not JSON', '{', /not JSON/],
    ['a list that is not an array', '{"roadmaps": "x"}', /roadmaps must be an array/],
    ['a token that is not a UUID', '{"records": {"ready": ["abc"]}}', /records.ready holds "abc"/],
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
    const ready = [];
    for (let i = 0; i < 12; i++) ready.push(await make('/__sandbox/records/', { test_id: 'career-interest' }));
    const fixtures = {
      records: {
        ready,
        vip_wait: [await make('/__sandbox/records/', { test_id: 'career-interest', state: 'vip_wait' })],
      },
      roadmaps: [
        await make('/__sandbox/roadmaps/', {}),
        await make('/__sandbox/roadmaps/', {}),
        await make('/__sandbox/roadmaps/', {}),
      ],
    };
    const result = await run({
      baseUrl: sandbox.url,
      apiKey: 'sandbox-key-instant',
      target: 'sandbox',
      fixtures,
      rate: false,
    });
    expect(result.results.filter((r) => r.outcome === 'fail')).toEqual([]);
    expect(result.summary.skip).toBe(2); // tenant-isolation (no other key), sms-wrong-code (instant organizer)
  });

  it('refuses to start with too few', async () => {
    const run1 = run({ baseUrl: sandbox.url, apiKey: 'k', fixtures: { records: { ready: [T] } }, rate: false });
    await expect(run1).rejects.toThrow(RunError);
    await expect(run1).rejects.toThrow(/not enough fixtures/);
  });
});
