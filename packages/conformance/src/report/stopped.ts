import { normalizeBaseUrl } from '../base-url.js';
import type { RunResult } from '../options.js';
import type { Target } from '../types.js';

/**
 * The result of a run that could not be made (exit code 2 before or while the checks started):
 * no check ran, `aborted` says why, so that --json and --junit are written all the same.
 */
export function stoppedRun(o: {
  baseUrl: string;
  target: Target;
  strict: boolean;
  seed: number;
  why: string;
  startedAt: number;
}): RunResult {
  return {
    baseUrl: normalizeBaseUrl(o.baseUrl),
    target: o.target,
    strict: o.strict,
    startedAt: new Date(o.startedAt).toISOString(),
    durationMs: Date.now() - o.startedAt,
    requests: 0,
    waitMs: 0,
    results: [],
    summary: { pass: 0, fail: 0, warn: 0, skip: 0 },
    findings: { stated: 0, assumed: 0 },
    created: [],
    aborted: o.why,
    seed: o.seed,
    negative: { budget: 0, constraints: 0 },
    conforms: false,
  };
}
