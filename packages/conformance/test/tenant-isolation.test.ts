// tenant-isolation on a listing that pages 3 at a time, oldest first, whatever size is asked, in an
// organizer two runs have filled: the check reads the newest pages back from the last and judges.
import { startSandbox } from '@tas/sandbox';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { exitCodeOf } from '../src/options.js';
import { run } from '../src/run.js';
import { described } from './described-once.js';
import { MAIN_KEY, OTHER_KEY } from './faults/faults.js';
import { type Fault, startFaultStack } from './faults/proxy.js';
import { envelope, json, listing } from './variants/listings.js';
import { stated } from './variants/run.js';

let sandbox: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, rateLimit: false });
  // Two runs' worth of ready records in each organizer: far more than 5 pages of 3.
  for (const key of [MAIN_KEY, OTHER_KEY])
    for (let i = 0; i < 40; i++)
      await fetch(`${sandbox.url}/__sandbox/records/`, {
        method: 'POST',
        headers: { 'API-KEY': key, 'Content-Type': 'application/json' },
        body: JSON.stringify({ test_id: 'career-interest', state: 'ready' }),
      });
});
afterAll(() => sandbox.close());

/** `{total, page, per_page, pages, records}`, 3 a page whatever is asked, oldest first. */
const threeAPage: Fault = {
  answer: listing((all, asked) => {
    const page = Math.max(1, Number(asked.get('page')) || 1);
    return json(
      200,
      envelope({
        total: all.length,
        page,
        per_page: 3,
        pages: Math.ceil(all.length / 3),
        records: all.slice((page - 1) * 3, page * 3),
      }),
    );
  }),
};
/** The breach: another organizer's listing is this organizer's. */
const leak: Fault = {
  answer: async (req, upstream) => {
    if (req.method !== 'GET' || !req.path.startsWith('/api/v2/record/?') || req.headers['api-key'] !== OTHER_KEY)
      return undefined;
    const res = await fetch(`${upstream}${req.path}`, { headers: { 'API-KEY': MAIN_KEY } });
    return { status: res.status, headers: { 'content-type': 'application/json' }, body: await res.text() };
  },
};

const isolation = async (layers: Fault[]) => {
  const stack = await startFaultStack(sandbox.url, layers);
  try {
    const result = await run({
      baseUrl: stack.url,
      apiKey: MAIN_KEY,
      otherApiKey: OTHER_KEY,
      provision: 'sandbox',
      rate: false,
      only: ['tenant-isolation'],
      ...described,
    });
    return { result, check: result.results[0] };
  } finally {
    await stack.close();
  }
};

it('judged: the newest pages, read back from the last, show every record newer than its own', async () => {
  const { result, check } = await isolation([threeAPage]);
  // Judged (its notes are the listing's unstated shape): the check reached its verdict.
  expect([check?.verdict?.stated, check?.verdict?.reached, check?.reason]).toEqual(['pass', true, undefined]);
  expect(exitCodeOf(result)).toBe(0);
});

it("the same listing leaking this organizer's records fails as stated", async () => {
  const { result } = await isolation([leak, threeAPage]);
  expect(stated(result).join('\n')).toMatch(/another organizer's listing does not show this organizer's record/);
  expect(exitCodeOf(result)).toBe(1);
});
