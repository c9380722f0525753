import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Packing, installing and bundling run real tools; give them room.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
