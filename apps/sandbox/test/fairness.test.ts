// Issue 30's "one tenant stalls the other", on the sandbox's CLI: one key keeps its most costly calls
// in flight (the largest roadmap pages, past its units of work) while the other key's cheapest call
// is timed, quiet and under attack in alternating rounds so that a busy machine weighs on both.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchReady, TEST_LIMIT_MS } from '@tas/serve/testing';
import { expect, it } from 'vitest';
import { HOSTILE, measureFairness } from '../bench/fairness.js';
import { KEY_WORK, QUOTAS } from '../src/limits.js';
import { fillDb } from './fill.js';

it(
  "a key at its limits with costly calls leaves the other key's p99 within 2x of quiet",
  async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandbox-fairness-'));
    const db = join(dir, 'sandbox.db');
    fillDb(db, { organizer: 'instant', roadmaps: QUOTAS.records / 200 });
    const cli = new URL('../src/cli.ts', import.meta.url).pathname;
    const sandbox = await launchReady(
      [process.execPath, '--import', 'tsx', cli, '--port', '0', '--db', db, '--quiet', '--no-rate-limit'],
      /listening on (http:\/\/\S+)/,
    );
    try {
      // At its limits: more costly calls than its units hold, so some always wait as well.
      expect(HOSTILE.concurrency * KEY_WORK.costly).toBeGreaterThan(KEY_WORK.units);
      const r = await measureFairness(sandbox.ready[1] as string, sandbox.child.pid as number, 4, 150);
      // The load was real: the costly calls were answered, each a page of 20 roadmaps of 200 records.
      expect(r.hostileCalls).toBeGreaterThan(4);
      expect(Object.keys(r.hostileStatuses)).toEqual(['200']);
      expect(r.ratio, JSON.stringify(r)).toBeLessThan(2);
    } finally {
      await sandbox.stop('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  },
  TEST_LIMIT_MS,
);
