import { describe, expect, it } from 'vitest';
import { main } from '../src/cli.js';
import { run } from '../src/run.js';
import { described } from './described-once.js';
import { HANG, MAIN_KEY } from './faults/faults.js';
import type { Fault } from './faults/proxy.js';
import { withStack } from './variants/stack.js';

// No real waiting: a 429 is waited out on a clock that only pretends.
const clock = { now: () => Date.now(), sleep: async () => {} };

/** A sandbox of its own behind the fault. */
const withFault = <T>(fault: Fault, use: (url: string) => Promise<T>) => withStack([fault], use);

describe('a server that never answers', () => {
  it('one unanswered request: a failing finding with its curl line, and the run goes on', async () => {
    const fault: Fault = { hang: (req) => req.path.includes('/aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee/questions/') };
    const result = await withFault(fault, (baseUrl) =>
      // Long enough for every other answer on a machine as loaded as CI's gets (1 s was not, at load 25);
      // only the hung one reaches it.
      run({ baseUrl, apiKey: MAIN_KEY, provision: 'sandbox', rate: false, clock, timeoutSeconds: 15, ...described }),
    );
    expect(result.aborted).toBeUndefined();
    expect(result.conforms).toBe(false);
    const failed = result.results.filter((r) => r.outcome === 'fail').map((r) => r.id);
    expect(failed).toEqual(['unknown-record']);
    const [finding] = result.results.find((r) => r.id === 'unknown-record')?.findings ?? [];
    expect(finding).toMatchObject({ assumed: false, message: expect.stringMatching(/no answer within 15 s/) });
    expect(finding?.exchange?.request.url).toMatch(/questions\/$/);
    // Every check after it still ran.
    expect(result.results.at(-1)?.outcome).not.toBe('skip');
  });

  it('the run stops after 5 time-outs in a row with exit 2, the summary and the curl line of each', async () => {
    const hung: string[] = [];
    const hangAll: Fault = { hang: (req) => Boolean(HANG.hang?.(req) && hung.push(req.path)) };
    await withFault(hangAll, async (url) => {
      let out = '';
      let err = '';
      // The control API that provisions is not hung: 2 s is for its answers on a loaded machine.
      const args = ['run', '--base-url', url, '--provision', 'sandbox', '--timeout', '2', '--no-pacing'];
      const code = await main(args, {
        out: (t) => (out += t),
        err: (t) => (err += t),
        env: { TAS_API_KEY: MAIN_KEY },
      });
      expect(code).toBe(2);
      // It stopped there: no further request waited out its time-out.
      expect(hung).toHaveLength(5);
      expect(err).toMatch(/5 requests in a row got no answer within 2 s; the run stopped/);
      expect(out).toMatch(/^FAIL {2}\S+ .*\n\s+stated \[\S+\] no answer in time/m);
      expect(out).toMatch(/repro: curl -i -X GET '/);
      expect(out).toMatch(/^total\s+\d+/m);
      expect(out).toMatch(/the run stopped/);
    });
  });
});
