// Issue 30's "one tenant stalls the other", on the sandbox's CLI: one key keeps its most costly calls
// in flight (the largest roadmap pages, past its units of work) while the other key's cheapest call
// is timed, quiet and under attack in short alternating rounds so that a busy machine weighs on both.
// A p99 is a few samples: a busy spell of the machine within one measurement can push it past, so a
// measurement past the bound is taken again, up to ATTEMPTS times. Without units and turns the other
// key's call waits about half a second behind the pages (ratio 120 to 135 measured): far past (FAR),
// so the test fails then at once. A busy machine's noise stays well below FAR.
import { TEST_LIMIT_MS } from '@tas/serve/testing';
import { expect, it } from 'vitest';
import { HOSTILE, measureFairness, onHostileStage } from '../bench/fairness.js';
import { KEY_WORK } from '../src/limits.js';

const ATTEMPTS = 3;
const FAR = 20;
/** A series of quiet calls ends after this; an unfair sandbox's first calls already show it. */
const SERIES_MS = 10_000;

it(
  "a key at its limits with costly calls leaves the other key's p99 within 2x of quiet",
  () =>
    onHostileStage('sandbox-fairness', 'SIGKILL', async (url, pid) => {
      // At its limits: more costly calls than its units hold, so some always wait as well.
      expect(HOSTILE.concurrency * KEY_WORK.costly).toBeGreaterThan(KEY_WORK.units);
      const attempts = [];
      for (let i = 0; i < ATTEMPTS; i++) {
        const r = await measureFairness(url, pid, 10, 60, SERIES_MS);
        attempts.push(r);
        if (r.ratio < 2 || r.ratio > FAR) break;
      }
      const best = attempts.reduce((a, b) => (b.ratio < a.ratio ? b : a));
      expect(best.ratio, JSON.stringify(attempts)).toBeLessThan(2);
      // The load was real: the costly calls were answered, each a page of 20 roadmaps of 200 records.
      expect(best.hostileCalls).toBeGreaterThan(10);
      expect(Object.keys(best.hostileStatuses)).toEqual(['200']);
    }),
  ATTEMPTS * TEST_LIMIT_MS,
);
