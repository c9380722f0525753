// How long tests wait, stated once for every package (vitest.shared.ts reads these too). Sized for a
// loaded 2-core machine (other builds, a browser, `npm run test:busy`'s two CPU-bound loops): a wait
// this long means something is broken, not slow. A test never waits a fixed time; it waits for what
// it tests, up to these limits.
// Plain JavaScript (types in limits.d.ts): vitest.shared.ts and scripts/fresh-clone.mjs load it through
// @tas/serve/limits, where a config loader or plain node cannot load TypeScript.

/** Readiness: a process's line (`listening on ...`), a port that answers, a page drawn. */
export const READY_LIMIT_MS = 120_000;

/** One test or hook; above READY_LIMIT_MS, so a start that never comes fails with its own message. */
export const TEST_LIMIT_MS = 300_000;
