import { startSandbox } from '@tas/sandbox';
import { describe, expect, it } from 'vitest';
import { run } from '../src/run.js';
import { fakeClock } from './fake-clock.js';

/** A fetch that counts the statuses it sees. */
function counting() {
  const statuses: number[] = [];
  const wrapped = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const res = await fetch(input, init);
    statuses.push(res.status);
    return res;
  }) as typeof fetch;
  return { fetch: wrapped, statuses };
}

// The sandbox and the suite share one fake clock: the sandbox's rate windows move only when the
// suite sleeps, so minutes of pacing take no real time.
describe('the rate limit, against a sandbox that enforces one', () => {
  it.each([
    { name: 'paced at the limit: no request is ever refused', pace: true },
    { name: 'pacing lifted: each 429 is waited out and the run still conforms', pace: false },
  ])('$name', async ({ pace }) => {
    const clock = fakeClock(Date.parse('2026-11-20T06:00:00Z'));
    const limit = { perMinute: 40, perHour: 3000 };
    const sandbox = await startSandbox({ port: 0, rateLimit: limit, now: clock.now });
    try {
      const { fetch, statuses } = counting();
      const result = await run({
        baseUrl: sandbox.url,
        apiKey: 'sandbox-key-instant',
        provision: 'sandbox',
        fetch,
        clock,
        rate: pace ? limit : false,
        only: ['example', 'constraints.authenticateRoadmap', 'record-auth', 'submit-finishes', 'roadmap-auth'],
      });
      expect(result.results.filter((r) => r.outcome === 'fail' || r.outcome === 'warn')).toEqual([]);
      const refused = statuses.filter((s) => s === 429).length;
      if (pace) expect(refused).toBe(0);
      else expect(refused).toBeGreaterThan(0);
      expect(clock.now() - Date.parse('2026-11-20T06:00:00Z')).toBeGreaterThanOrEqual(60_000);
      // The clock moves only while waiting for the limit: every check's own time is 0, the wait is apart.
      expect(result.waitMs).toBeGreaterThanOrEqual(60_000);
      expect(result.results.map((r) => r.durationMs)).toEqual(result.results.map(() => 0));
      expect(result.results.reduce((sum, r) => sum + r.waitMs, 0)).toBeGreaterThanOrEqual(60_000);
    } finally {
      await sandbox.close();
    }
  });
});
