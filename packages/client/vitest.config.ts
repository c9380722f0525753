import { defineConfig } from 'vitest/config';
import { reporting } from '../../vitest.shared.js';

export default defineConfig({
  test: {
    ...reporting,
    include: ['test/**/*.test.ts'],
    // Packing, installing and bundling run real tools; give them room.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
