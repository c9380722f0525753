// Issue 43's freeze of the mock (80 KB of nulls in an answer array held it 24 s, with any key): each
// costly body is refused at its first fault, and the mock answers the next request.
import { BODY_LIMIT } from '@tas/openapi';
import { describe, expect, it } from 'vitest';
import { TOKEN, useMock } from './helpers.js';

const mock = useMock();

describe('a costly body is refused at its first fault', () => {
  it.each([
    ['16,000 nulls in an answer array (80 KB)', 16_000],
    ['an answer array of 1 MB of nulls, just within the byte bound', Math.floor((BODY_LIMIT - 64) / 5)],
  ])('%s: 400 naming the array, and the mock still serves', async (_, count) => {
    const res = await fetch(`${mock.url}/api/v2/record/${TOKEN}/`, {
      method: 'POST',
      headers: { 'API-KEY': 'any-key', 'Content-Type': 'application/json' },
      body: JSON.stringify({ record: Array(count).fill(null) }),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).messages.map((m: { field?: string }) => m.field)).toEqual(['/record']);
    const next = await fetch(`${mock.url}/api/v2/record/${TOKEN}/`, { headers: { 'API-KEY': 'any-key' } });
    expect(next.status).toBe(200);
  });
});
