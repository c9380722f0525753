// The check that authenticates a record of the other organizer's: on a sandbox, a record made for it in
// this run, never one from its listing, which another run on the same deployment may be using (two runs
// sharing a sandbox's organizers filed false findings this way).
import { startSandbox } from '@tas/sandbox';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { run } from '../src/run.js';
import { described } from './described-once.js';
import { MAIN_KEY, OTHER_KEY } from './faults/faults.js';

const made: string[] = [];
const authenticated: string[] = [];
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  sandbox = await startSandbox({
    port: 0,
    rateLimit: false,
    observe: ({ method, path, body }) => {
      const token = (body as { data?: { token?: unknown } })?.data?.token;
      if (method === 'POST' && path === '/__sandbox/records/' && typeof token === 'string') made.push(token);
      const auth = /^\/api\/v2\/record\/([^/]+)\/auth\/$/.exec(path)?.[1];
      if (method === 'POST' && auth) authenticated.push(auth);
    },
  });
});
afterAll(() => sandbox.close());

it.each([
  ['sms', MAIN_KEY, OTHER_KEY],
  ['instant', OTHER_KEY, MAIN_KEY],
])('%s key: passes, authenticating only records this run made', async (_mode, apiKey, otherApiKey) => {
  const result = await run({
    baseUrl: sandbox.url,
    apiKey,
    otherApiKey,
    provision: 'sandbox',
    rate: false,
    only: ['external-id-per-organizer'],
    ...described,
  });
  expect(result.results.map((r) => [r.id, r.outcome])).toEqual([['external-id-per-organizer', 'pass']]);
  expect(authenticated.length).toBeGreaterThanOrEqual(2);
  expect(authenticated.filter((t) => !made.includes(t))).toEqual([]);
});
