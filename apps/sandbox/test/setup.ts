import { afterAll, expect } from 'vitest';
import { invalidResponses, seen } from './helpers.js';

// The promise: every response the sandbox sends in the whole test suite fits the description.
afterAll(() => {
  expect(invalidResponses).toEqual([]);
  // The observer is wired: a file that started a sandbox has had its answers checked.
  if (seen.sandboxes > 0) expect(seen.responses).toBeGreaterThan(0);
  if (process.env.SANDBOX_TEST_DEBUG) console.log(seen);
});
