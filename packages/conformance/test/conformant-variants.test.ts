import { describe, expect, it } from 'vitest';
import { type RunResult, run } from '../src/run.js';
import { FAULTS, MAIN_KEY, OTHER_KEY } from './faults/faults.js';
import type { Fault } from './faults/proxy.js';
import { ALLOWED, type Allowed } from './variants/allowed.js';
import { limiter, withStack } from './variants/stack.js';

// A 429 is waited out on a clock that only pretends; the slow variant's delay is real.
const clock = { now: () => Date.now(), sleep: async () => {} };
const KEYS = [
  [MAIN_KEY, OTHER_KEY],
  [OTHER_KEY, MAIN_KEY],
] as const;

/** A sandbox behind the faulty layer (when given) behind the allowed variant's: a deployment with both. */
const withVariant = <T>(allowed: Fault, fault: Fault | undefined, use: (url: string) => Promise<T>) =>
  withStack(fault ? [fault, allowed] : [allowed], use);

// At most 2 sandboxes at once: the machine is shared (with test/faults.test.ts among others).
const limited = limiter(2);

const runWith = (baseUrl: string, [apiKey, otherApiKey]: readonly [string, string], only?: string[]) =>
  run({ baseUrl, apiKey, otherApiKey, provision: 'sandbox', rate: false, clock, only });

const stated = (result: RunResult) =>
  result.results.flatMap((r) => r.findings.filter((f) => !f.assumed).map((f) => `${r.id}: ${f.message}`));

describe('a deployment that differs from the sandbox only where the interface allows conforms, with both keys', () => {
  it.concurrent.each(ALLOWED)('%s', async (_name, allowed, _why, only) => {
    const results = await limited(() =>
      withVariant(allowed(), undefined, async (url) => {
        const out: RunResult[] = [];
        for (const keys of KEYS) out.push(await runWith(url, keys, only));
        return out;
      }),
    );
    for (const result of results) {
      expect(stated(result), 'stated failures').toEqual([]);
      expect(result.aborted).toBeUndefined();
      expect(result.conforms).toBe(true);
      // The checks ran to a verdict: none stopped, and only those of the other organizer mode were skipped.
      expect(result.results.filter((r) => r.reason?.startsWith('not run'))).toEqual([]);
      expect(result.summary.pass + result.summary.warn).toBeGreaterThanOrEqual(only ? only.length - 2 : 40);
    }
  });
});

/** Stated faults layered under an allowed variant: each must still fail, and name its rule. */
const byName = (name: string) => ALLOWED.find(([n]) => n.startsWith(name)) as Allowed;
const LAYERED: [allowed: Allowed, faults: typeof FAULTS][] = [
  [byName('error messages'), FAULTS.filter(([, , , verdict]) => verdict === 'stated')],
  [
    byName('extra fields'),
    FAULTS.filter(([name]) => /^(rule 2|a finished record has no submit_on|rule 1|another organizer reads)/.test(name)),
  ],
  [
    byName('a 429'),
    FAULTS.filter(([name]) =>
      /^(a request without a key is accepted|a submission one answer short accepted)/.test(name),
    ),
  ],
];

describe('a faulty server still fails when it also differs where the interface allows', () => {
  const cases = LAYERED.flatMap(([allowed, faults]) =>
    faults.map(([fault, f, rule]) => [`${allowed[0]} + ${fault}`, allowed, f, rule] as const),
  );
  it.concurrent.each(cases)('%s', async (_name, allowed, fault, rule) => {
    // Only the check that must catch the fault (a response rule judges every check's answers: all of them).
    const only = rule.startsWith('response.') ? undefined : [rule];
    const result = await limited(() => withVariant(allowed[1](), fault, (url) => runWith(url, KEYS[0], only)));
    expect(result.aborted).toBeUndefined();
    expect(result.conforms).toBe(false);
    const named = result.results.flatMap((r) => r.findings.filter((f) => f.rule === rule && !f.assumed));
    expect(named.length, `no stated finding names ${rule}`).toBeGreaterThan(0);
  });
});
