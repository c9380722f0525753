// Issue 30's "one tenant stalls the other", on the sandbox's CLI: one key keeps its most costly calls
// in flight (the largest roadmap pages, past its units of work) while the other key's cheapest call
// is timed, quiet and under attack in alternating rounds so that a busy machine weighs on both.
import { TEST_LIMIT_MS } from '@tas/serve/testing';
import { expect, it } from 'vitest';
import { HOSTILE, measureFairness, onHostileStage } from '../bench/fairness.js';
import { KEY_WORK } from '../src/limits.js';

it(
  "a key at its limits with costly calls leaves the other key's p99 within 2x of quiet",
  () =>
    onHostileStage('sandbox-fairness', 'SIGKILL', async (url, pid) => {
      // At its limits: more costly calls than its units hold, so some always wait as well.
      expect(HOSTILE.concurrency * KEY_WORK.costly).toBeGreaterThan(KEY_WORK.units);
      const r = await measureFairness(url, pid, 4, 150);
      // The load was real: the costly calls were answered, each a page of 20 roadmaps of 200 records.
      expect(r.hostileCalls).toBeGreaterThan(4);
      expect(Object.keys(r.hostileStatuses)).toEqual(['200']);
      expect(r.ratio, JSON.stringify(r)).toBeLessThan(2);
    }),
  TEST_LIMIT_MS,
);
