// What a client without a key may cost (issue 43 items 2 and 4): its budget's windows are bounded
// for any number of addresses, preflights count against it, and behind a proxy the host trusts the
// budget is the client's the proxy names, never the proxy's own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYLESS } from '../src/hosting-quotas.js';
import { createRateLimiter } from '../src/http/rate-limit.js';
import { DEFAULT_RATE_LIMIT } from '../src/server.js';
import { SMS_KEY, start } from './helpers.js';

const HOUR = 3_600_000;

describe('the keyless budget', () => {
  it(`keeps at most ${KEYLESS.clients.toLocaleString('en-US')} addresses' windows, and none of a past hour`, () => {
    // The attack: per-address windows were never dropped (+8 to +14 MB per 10,000 addresses).
    const limit = createRateLimiter(KEYLESS);
    const now = 10 * HOUR;
    for (let i = 0; i < 3 * KEYLESS.clients; i++) limit(`10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`, now);
    expect(limit.tracked()).toBe(KEYLESS.clients);
    limit('10.0.0.1', now + HOUR);
    expect(limit.tracked()).toBe(1);
  });

  it('forgets the least recently seen address first, never the one counting now', () => {
    const limit = createRateLimiter({ perMinute: 2, perHour: 100, clients: 3 });
    limit('a', 0);
    limit('a', 0);
    for (const other of ['b', 'c', 'd']) limit(other, 0);
    // 'a' was the least recently seen: forgotten. The others still count.
    expect(() => limit('a', 0)).not.toThrow();
    limit('d', 0);
    expect(() => limit('d', 0)).toThrow(/2 calls per minute/);
  });
});

/** `n` preflights from this machine, as a proxy in front may send them; the statuses. */
async function preflights(url: string, n: number, headers: Record<string, string> = {}): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < n; i++)
    statuses.push((await fetch(`${url}/api/v2/record/`, { method: 'OPTIONS', headers })).status);
  return statuses;
}

describe('preflights and a trusted proxy', () => {
  let direct: Awaited<ReturnType<typeof start>>;
  let proxied: Awaited<ReturnType<typeof start>>;
  beforeAll(async () => {
    direct = await start({ rateLimit: DEFAULT_RATE_LIMIT, now: Date.now });
    proxied = await start({ rateLimit: DEFAULT_RATE_LIMIT, now: Date.now, trustProxy: ['127.0.0.1'] });
  });
  afterAll(async () => {
    await direct?.close();
    await proxied?.close();
  });

  it(`preflights count against the keyless budget: the ${KEYLESS.perMinute + 1}th in a minute is 429`, async () => {
    // The attack: preflights were counted by no budget.
    const statuses = await preflights(direct.url, KEYLESS.perMinute + 1, { 'X-Forwarded-For': '10.0.0.1' });
    expect(statuses.slice(0, KEYLESS.perMinute).every((s) => s === 204)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Untrusted, a forwarded address is the client's own word: ignored.
    expect(await preflights(direct.url, 1, { 'X-Forwarded-For': '10.0.0.2' })).toEqual([429]);
  });

  it('behind a trusted proxy each client has its own budget: one using it up leaves another served', async () => {
    // The attack: behind the proxy every client had its address, so one used up every form post.
    const greedy = await preflights(proxied.url, KEYLESS.perMinute + 1, { 'X-Forwarded-For': '203.0.113.7, 10.0.0.1' });
    expect(greedy.at(-1)).toBe(429);
    // The last entry is the one the proxy appended: a client writing its own earlier entries gains nothing.
    expect(await preflights(proxied.url, 1, { 'X-Forwarded-For': '10.0.0.2, 10.0.0.1' })).toEqual([429]);
    expect(await preflights(proxied.url, 1, { 'X-Forwarded-For': '10.0.0.1, 10.0.0.2' })).toEqual([204]);
    expect(await preflights(proxied.url, 1, { 'X-Real-IP': '10.0.0.3' })).toEqual([204]);
    // A keyed call of the greedy client goes on: its key's budget is its own.
    const keyed = await proxied.as(SMS_KEY).get('/api/v2/record/');
    expect(keyed.status).toBe(200);
  });
});
