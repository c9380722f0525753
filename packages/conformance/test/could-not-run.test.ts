import { startSandbox } from '@tas/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HarnessShortfall } from '../src/check.js';
import { run } from '../src/run.js';
import { MAIN_KEY } from './faults/faults.js';

// What the suite itself lacks is never the target's fault: the check "could not run", and a run in
// which nothing could be judged could not be made (exit 2), not "departs".
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, rateLimit: false });
});
afterAll(() => sandbox.close());

const noCode = {
  name: 'broken',
  code: async () => {
    throw new HarnessShortfall('no SMS code to read: the gateway is down');
  },
};
const base = () => ({ baseUrl: sandbox.url, apiKey: MAIN_KEY, provision: 'sandbox' as const, rate: false as const });

describe('could not run', () => {
  it.each([
    [
      'an SMS code the suite cannot read',
      ['sms-wrong-code'],
      /^could not run: no SMS code to read: the gateway is down$/,
    ],
  ])('%s: the check could not run, nothing failed, the run stopped (exit 2)', async (_name, only, reason) => {
    const result = await run({ ...base(), only, sms: noCode });
    expect(result.results.map((r) => [r.id, r.outcome, r.couldNotRun])).toEqual([[only[0], 'skip', true]]);
    expect(result.results[0]?.reason).toMatch(reason);
    expect(result.summary.fail).toBe(0);
    expect(result.aborted).toMatch(/^nothing could be judged: 1 checks could not run/);
    expect(result.conforms).toBe(false);
  });

  it('beside a check that was judged, the run is judged: the shortfall does not fail it', async () => {
    const result = await run({ ...base(), only: ['sms-wrong-code', 'unknown-record'], sms: noCode });
    expect(result.results.map((r) => [r.id, r.outcome])).toEqual([
      ['unknown-record', 'pass'],
      ['sms-wrong-code', 'skip'],
    ]);
    expect(result.aborted).toBeUndefined();
    expect(result.conforms).toBe(true);
  });
});
