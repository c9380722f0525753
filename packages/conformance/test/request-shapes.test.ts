import { describe, expect, it } from 'vitest';
import { exitCodeOf } from '../src/options.js';
import { run } from '../src/run.js';
import { described } from './described-once.js';
import { MAIN_KEY, OTHER_KEY } from './faults/faults.js';
import { FLAT_RECORD_AUTH } from './variants/request-shapes.js';
import { withStack } from './variants/stack.js';

// A deployment that takes the record authentication flat conforms to every sentence the interface
// states; the suite, which sends the description's nested body, must say so: no stated finding, the
// checks that need a standalone record authenticated could not run (exit 2), each naming what was ours.
const clock = { now: () => Date.now(), sleep: async () => {} };

describe('a deployment whose request shapes differ where the interface shows none', () => {
  it('the flat record-auth body: zero stated findings, exit 2, the checks that could not run name our part', async () => {
    const result = await withStack([FLAT_RECORD_AUTH], (baseUrl) =>
      run({
        baseUrl,
        apiKey: MAIN_KEY,
        otherApiKey: OTHER_KEY,
        provision: 'sandbox',
        rate: false,
        clock,
        ...described,
      }),
    );
    const stated = result.results.flatMap((r) =>
      r.findings.filter((f) => !f.assumed).map((f) => `${r.id}: ${f.message}`),
    );
    expect(stated).toEqual([]);
    expect(exitCodeOf(result)).toBe(2);
    const notRun = result.results.filter((r) => r.verdict && !r.verdict.reached);
    expect(notRun.map((r) => r.id)).toEqual(
      expect.arrayContaining(['record-auth', 'questions-flat', 'submit-finishes', 'after-finish']),
    );
    for (const r of notRun.filter((r) => r.verdict?.refused))
      expect(r.verdict?.refused?.parts.map((p) => p.part).join(), r.id).toMatch(/the body \{"mobile":"\{mobile\}","profile":\{/);
    // What did not need it still ran to its verdict.
    expect(result.results.find((r) => r.id === 'roadmap-auth')?.outcome).toBe('pass');
  });
});
