import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { loadedMachine, reporting } from '../vitest.shared.js';

// The root scripts' tests (npm start's arguments); run by turbo as the root task //#test:scripts.
export default defineConfig({
  test: {
    ...reporting,
    ...loadedMachine,
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['test/**/*.test.ts'],
  },
});
