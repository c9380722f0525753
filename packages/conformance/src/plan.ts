import type { Check } from './check.js';
import { createPacer, type RateLimit } from './http/pacer.js';
import type { Needs } from './types.js';

export interface Plan {
  checks: number;
  needs: Required<Needs>;
  /** Requests the checks send (an estimate: SMS reads and retries add a few). */
  requests: number;
  /** Wall time the pacing alone imposes, in seconds (the target's latency comes on top). */
  pacedSeconds: number;
}

/** Fresh resources these checks use up. */
export function needsOf(checks: Check[]): Required<Needs> {
  const needs = { ready: 0, vipWait: 0, roadmaps: 0 };
  for (const check of checks)
    for (const key of Object.keys(needs) as (keyof Needs)[]) needs[key] += check.needs?.[key] ?? 0;
  return needs;
}

/** What a run of these checks needs and costs under a rate limit. */
export async function planFor(checks: Check[], rate: RateLimit | false, provisioning = false): Promise<Plan> {
  const needs = needsOf(checks);
  let requests = checks.reduce((sum, check) => sum + check.requests, 0);
  if (provisioning) requests += needs.ready + needs.vipWait + needs.roadmaps;
  return { checks: checks.length, needs, requests, pacedSeconds: await pacedSeconds(requests, rate) };
}

/** Runs the real pacer on a fake clock with instant requests: how long `requests` take when paced. */
export async function pacedSeconds(requests: number, rate: RateLimit | false): Promise<number> {
  let now = 0;
  const pacer = createPacer(rate, {
    now: () => now,
    sleep: async (ms) => {
      now += ms;
    },
  });
  for (let i = 0; i < requests; i++) await pacer.acquire();
  return Math.round(now / 1000);
}
