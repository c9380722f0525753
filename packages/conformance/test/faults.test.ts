import { listAssumptions, loadDescription } from '@tas/openapi';
import { TEST_LIMIT_MS } from '@tas/serve/testing';
import { describe, expect, it } from 'vitest';
import { allChecks } from '../src/checks/index.js';
import { main } from '../src/cli.js';
import { type RunResult, run } from '../src/run.js';
import { described } from './described-once.js';
import { FAULTS, HANG, MAIN_KEY, OTHER_KEY, type Variant } from './faults/faults.js';
import type { Fault } from './faults/proxy.js';
import { BASES } from './variants/conformant.js';
import { limiter, withStack } from './variants/stack.js';

// No real waiting: a 429 is waited out on a clock that only pretends.
const clock = { now: () => Date.now(), sleep: async () => {} };

/** Each variant gets its own sandbox (the draft_token check moves its clock). */
const withFault = <T>(fault: Fault, use: (url: string) => Promise<T>) => withStack([fault], use);

const runs = new Map<string, Promise<RunResult>>();
const slot = limiter(4);
/**
 * One run per variant and base, shared by the table and the coverage test; at most 4 at once. On the
 * first base every check runs; on the others, the checks that failed there, which must fail again
 * (a full run per base doubled the package's time, and the other checks have nothing to catch).
 */
function runOf(variant: Variant, [base, layers]: (typeof BASES)[number]): Promise<RunResult> {
  const [name, fault, , verdict] = variant;
  const key = `${base}: ${name}`;
  let result = runs.get(key);
  if (!result) {
    result = (async () => {
      const only = base === BASES[0][0] ? undefined : failedChecks(await runOf(variant, BASES[0]));
      return slot(() =>
        withStack([...layers, fault], (baseUrl) =>
          run({
            baseUrl,
            apiKey: MAIN_KEY,
            otherApiKey: OTHER_KEY,
            provision: 'sandbox',
            rate: false,
            clock,
            strict: verdict === 'strict',
            only,
            ...described,
          }),
        ),
      );
    })();
    runs.set(key, result);
  }
  return result;
}

const failedChecks = (result: RunResult) => result.results.filter((r) => r.outcome === 'fail').map((r) => r.id);

// Every variant on every base: a verdict that holds on the sandbox's design only is no verdict.
describe.each(BASES)('the suite flags a faulty server and names the rule it breaks, on %s', (...base) => {
  it.concurrent.each(FAULTS)('%s', async (...variant) => {
    const [, , rule, verdict] = variant;
    const result = await runOf(variant, base);
    // Exit 1 (departs), not 2 (could not run): every check ran to its verdict.
    expect(result.conforms).toBe(false);
    expect(result.aborted).toBeUndefined();
    const flagged = result.results.flatMap((r) => r.findings.map((f) => ({ check: r.id, outcome: r.outcome, ...f })));
    const named = flagged.filter((f) => f.rule === rule);
    expect(
      named.length,
      `no finding names ${rule}; found: ${[...new Set(flagged.map((f) => f.rule))]}`,
    ).toBeGreaterThan(0);
    expect(named.every((f) => f.outcome === 'fail' && f.statement.length > 0)).toBe(true);
    // A breach of a stated promise fails without --strict: it is never a mere warning.
    if (verdict === 'stated') expect(named.some((f) => !f.assumed)).toBe(true);
    if (verdict === 'stated') expect(result.findings.stated).toBeGreaterThan(0);
  });

  it('every check is made to fail by at least one variant', { timeout: 2 * TEST_LIMIT_MS }, async () => {
    const failed = new Set<string>();
    for (const result of await Promise.all(FAULTS.map((variant) => runOf(variant, base))))
      for (const r of result.results) if (r.outcome === 'fail') failed.add(r.id);
    const doc = loadDescription();
    const never = allChecks(doc, listAssumptions(doc))
      .map((c) => c.id)
      .filter((id) => !failed.has(id));
    expect(never, 'checks no faulty variant makes fail').toEqual([]);
  });
});

describe('a server that never answers', () => {
  it('one unanswered request: a failing finding with its curl line, and the run goes on', async () => {
    const fault: Fault = { hang: (req) => req.path.includes('/aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee/questions/') };
    const result = await withFault(fault, (baseUrl) =>
      // Long enough for every other answer on a loaded machine; only the hung one reaches it.
      run({ baseUrl, apiKey: MAIN_KEY, provision: 'sandbox', rate: false, clock, timeoutSeconds: 1, ...described }),
    );
    expect(result.aborted).toBeUndefined();
    expect(result.conforms).toBe(false);
    const failed = result.results.filter((r) => r.outcome === 'fail').map((r) => r.id);
    expect(failed).toEqual(['unknown-record']);
    const [finding] = result.results.find((r) => r.id === 'unknown-record')?.findings ?? [];
    expect(finding).toMatchObject({ assumed: false, message: expect.stringMatching(/no answer within 1 s/) });
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
      const args = ['run', '--base-url', url, '--provision', 'sandbox', '--timeout', '0.2', '--no-pacing'];
      const code = await main(args, {
        out: (t) => (out += t),
        err: (t) => (err += t),
        env: { TAS_API_KEY: MAIN_KEY },
      });
      expect(code).toBe(2);
      // It stopped there: no further request waited out its time-out.
      expect(hung).toHaveLength(5);
      expect(err).toMatch(/5 requests in a row got no answer within 0.2 s; the run stopped/);
      expect(out).toMatch(/^FAIL {2}\S+ .*\n\s+stated \[\S+\] no answer in time/m);
      expect(out).toMatch(/repro: curl -i -X GET '/);
      expect(out).toMatch(/^total\s+\d+/m);
      expect(out).toMatch(/the run stopped/);
    });
  });
});
