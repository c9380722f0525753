import { defineConfig } from 'vitest/config';
import { reporting } from '../../vitest.shared.js';

export default defineConfig({
  test: {
    ...reporting,
    include: ['test/**/*.test.ts'],
    // Each file asserts, after its tests, that every response it saw validates against the descriptions.
    setupFiles: ['test/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
