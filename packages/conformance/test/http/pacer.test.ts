import { describe, expect, it } from 'vitest';
import { createHttp } from '../../src/http/client.js';
import { createPacer, DEFAULT_RATE } from '../../src/http/pacer.js';
import { fakeClock } from '../fake-clock.js';

/** The most requests any window of `size` ms holds. */
function busiestWindow(times: number[], size: number): number {
  let best = 0;
  for (let i = 0, j = 0; j < times.length; j++) {
    while ((times[j] as number) - (times[i] as number) >= size) i++;
    best = Math.max(best, j - i + 1);
  }
  return best;
}

function recordingFetch(clock: { now(): number }, answer: (n: number) => Response = () => new Response('{}')) {
  const times: number[] = [];
  const fetch = (async () => {
    times.push(clock.now());
    return answer(times.length);
  }) as typeof globalThis.fetch;
  return { fetch, times };
}

const request = { method: 'GET', url: 'http://target/api/v2/record/', key: 'main' as const, headers: {} };

describe('pacing', () => {
  it.each([
    { requests: 250, rate: DEFAULT_RATE, minSeconds: 120 },
    { requests: 3100, rate: DEFAULT_RATE, minSeconds: 3600 },
    { requests: 30, rate: { perMinute: 10, perHour: 3000 }, minSeconds: 120 },
  ])(
    '$requests requests never exceed $rate.perMinute/min and $rate.perHour/hour',
    async ({ requests, rate, minSeconds }) => {
      const clock = fakeClock();
      const { fetch, times } = recordingFetch(clock);
      const http = createHttp({ fetch, pacer: createPacer(rate, clock), clock, keys: { main: 'k' } });
      for (let i = 0; i < requests; i++) await http.send(request);
      expect(times).toHaveLength(requests);
      expect(busiestWindow(times, 60_000)).toBeLessThanOrEqual(rate.perMinute);
      expect(busiestWindow(times, 3_600_000)).toBeLessThanOrEqual(rate.perHour);
      expect((times.at(-1) as number) / 1000).toBeGreaterThanOrEqual(minSeconds);
    },
  );

  it('sends at full speed when pacing is lifted', async () => {
    const clock = fakeClock();
    const { fetch, times } = recordingFetch(clock);
    const http = createHttp({ fetch, pacer: createPacer(false, clock), clock, keys: { main: 'k' } });
    for (let i = 0; i < 500; i++) await http.send(request);
    expect(times.at(-1)).toBe(0);
    expect(http.requests()).toBe(500);
  });

  it.each([
    { retryAfter: '7', wait: 7_000 },
    { retryAfter: undefined, wait: 60_000 },
  ])('waits out a 429 (Retry-After $retryAfter) and retries', async ({ retryAfter, wait }) => {
    const clock = fakeClock();
    const headers: Record<string, string> = retryAfter ? { 'Retry-After': retryAfter } : {};
    const { fetch, times } = recordingFetch(clock, (n) =>
      n === 1 ? new Response('{}', { status: 429, headers }) : new Response('{}', { status: 200 }),
    );
    const seen: number[] = [];
    const http = createHttp({
      fetch,
      pacer: createPacer(DEFAULT_RATE, clock),
      clock,
      keys: { main: 'k' },
      onExchange: (e) => seen.push(e.response.status),
    });
    const exchange = await http.send(request);
    expect(exchange.response.status).toBe(200);
    expect(seen).toEqual([429, 200]);
    expect((times[1] as number) - (times[0] as number)).toBeGreaterThanOrEqual(wait);
  });
  it.each([
    {
      name: 'the minute binds',
      rate: { perMinute: 2, perHour: 3000 },
      gapMs: 0,
      told: ['waiting 60 s for the rate limit: 2 per minute'],
    },
    {
      name: 'the hour binds',
      rate: { perMinute: 2, perHour: 2 },
      gapMs: 0,
      told: ['waiting 3600 s for the rate limit: 2 per hour'],
    },
    { name: 'a wait under 2 s passes unsaid', rate: { perMinute: 2, perHour: 3000 }, gapMs: 59_000, told: [] },
  ])('says a wait as it begins, and which limit: $name', async ({ rate, gapMs, told }) => {
    const clock = fakeClock();
    const said: string[] = [];
    const pacer = createPacer(rate, clock, (message) => said.push(message));
    await pacer.acquire();
    await clock.sleep(gapMs);
    await pacer.acquire();
    await pacer.acquire();
    expect(said).toEqual(told);
    expect(pacer.count()).toBe(3);
  });
});
