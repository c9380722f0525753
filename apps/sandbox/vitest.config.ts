import { defineConfig } from 'vitest/config';
import { loadedMachine, reporting } from '../../vitest.shared.js';

export default defineConfig({
  test: {
    ...reporting,
    ...loadedMachine,
    include: ['test/**/*.test.ts'],
    // Each file asserts, after its tests, that every response it saw validates against the descriptions.
    setupFiles: ['test/setup.ts'],
  },
});
