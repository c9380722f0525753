import { READY_LIMIT_MS, TEST_LIMIT_MS } from '@tas/serve/limits';
import type { Reporter } from 'vitest/reporters';

/**
 * A failed assertion's diff (the values it compared) put under the first line of its stack, which is
 * all of an error the JSON report keeps: the closing summary prints it, and CI's log may keep no more.
 */
const diffsInReport: Reporter = {
  onTestCaseResult(test) {
    for (const error of test.result().errors ?? []) {
      if (!error.diff || !error.stack || error.stack.includes(error.diff)) continue;
      const [first, ...rest] = error.stack.split('\n');
      error.stack = [first, error.diff, ...rest].join('\n');
    }
  },
};

// Shared by every package's vitest.config.ts: the default reporter for people, and a JSON report
// (a turbo output of `test`) that scripts/test-summary.mjs totals into one closing line.
export const reporting = {
  reporters: ['default', 'json', diffsInReport],
  outputFile: { json: 'test-artifacts/vitest.json' },
};

// The limits of a loaded machine (@tas/serve/limits), for every package whose tests start
// processes, servers or a browser: vitest's defaults (5 s a test, 1 s an expect.poll) are a fixed
// short window that a busy machine overruns.
export const loadedMachine = {
  testTimeout: TEST_LIMIT_MS,
  hookTimeout: TEST_LIMIT_MS,
  teardownTimeout: READY_LIMIT_MS,
  expect: { poll: { timeout: READY_LIMIT_MS } },
  // A worker imports the sources (the description, its validators, the suite) once for all its files,
  // not once a file: most of a small file's time was its imports (6 conformance files: 258 s, 66 s
  // without). No test relies on a fresh module: state is made in each file's hooks, not on import.
  isolate: false,
};
