import type { ProfileInput } from '../../src/profile/types.js';
import { type RunResult, run } from '../../src/run.js';
import { described } from '../described-once.js';
import { MAIN_KEY, OTHER_KEY } from '../faults/faults.js';

/** The sandbox's two organizers: [key, other key], SMS mode's first. */
export const KEYS = { sms: [MAIN_KEY, OTHER_KEY], instant: [OTHER_KEY, MAIN_KEY] } as const;

// A 429 is waited out on a clock that only pretends; a slow variant's delay is real.
const clock = { now: () => Date.now(), sleep: async () => {} };

/** One run against a variant of the sandbox, with the profile that describes it (read from `profileFile`, when given). */
export const runOn = (
  baseUrl: string,
  [apiKey, otherApiKey]: readonly [string, string],
  { profile, profileFile, only }: { profile?: ProfileInput; profileFile?: string; only?: string[] } = {},
) =>
  run({
    baseUrl,
    apiKey,
    otherApiKey,
    provision: 'sandbox',
    rate: false,
    clock,
    only,
    ...(profile ? { profile } : {}),
    ...(profileFile ? { profileFile } : {}),
    ...described,
  });

/** The run's stated findings, each as `check: message`. */
export const stated = (result: RunResult) =>
  result.results.flatMap((r) => r.findings.filter((f) => !f.assumed).map((f) => `${r.id}: ${f.message}`));
