import { defineConfig } from 'vitest/config';
import { loadedMachine, reporting } from '../../vitest.shared.js';

// Two files at a time: most of these tests wait on a browser, a build or a server in another process,
// and this package's run is the longest of `npm test` (vitest's default on two cores is one file).
// The global setup makes this run's folder for builds that several files read (test/published-site.ts).
export default defineConfig({
  test: {
    ...reporting,
    ...loadedMachine,
    include: ['test/**/*.test.ts'],
    maxWorkers: 2,
    globalSetup: ['test/shared-builds.setup.ts'],
  },
});
