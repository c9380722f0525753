import type { Check } from './check.js';
import { createPacer, type RateLimit } from './http/pacer.js';
import { setupByKey } from './refusal/resources.js';
import { type NeedCounts, type Needs, type Target, targetOf } from './types.js';

export interface Plan {
  checks: number;
  needs: NeedCounts;
  /** Requests the checks send (an estimate: SMS reads and retries add a few). */
  requests: number;
  /** Requests they may send when every listing runs to its page limit and no fixture looked at fits. */
  atMost: number;
  /** Of those, the requests of exploration (the explore check, shrinking included). */
  explored: number;
  /** Wall time the pacing alone imposes, in seconds (the target's latency comes on top). */
  pacedSeconds: number;
}

/** The resources these checks share (each made once per run); none on the mock, which keeps no state. */
function sharedSetups(checks: Check[], target: Target) {
  if (target === 'mock') return [];
  const keys = new Set(checks.flatMap((c) => c.shares ?? []));
  return [...keys].map((key) => setupByKey(key)).filter((s) => s !== undefined);
}

/** Spares of a shared resource: one per refusal that a deployment may legitimately accept (it uses the resource up). */
function sparesOf(checks: Check[], key: string): number {
  return checks.filter((c) => c.shares?.includes(key)).reduce((sum, c) => sum + (c.spares ?? 0), 0);
}

/** Fresh resources these checks use up: a shared one counted once, with its spares. */
export function needsOf(checks: Check[], target: Target = 'live'): NeedCounts {
  const needs = { ready: 0, vipWait: 0, roadmaps: 0 };
  const all: [Needs | undefined, number][] = [
    ...checks.map((c): [Needs | undefined, number] => [c.needs, 1]),
    ...(target === 'mock' ? [] : [...new Set(checks.flatMap((c) => c.shares ?? []))]).map(
      (key): [Needs | undefined, number] => [setupByKey(key)?.needs, 1 + sparesOf(checks, key)],
    ),
  ];
  for (const [n, times] of all)
    for (const key of ['ready', 'vipWait', 'roadmaps'] as const) needs[key] += (n?.[key] ?? 0) * times;
  const html = checks.reduce((sum, c) => sum + (c.needs?.html ?? 0), 0);
  return html ? { ...needs, html } : needs;
}

/** Requests these checks send (an estimate), the making of shared resources counted once. */
export function requestsOf(checks: Check[], target: Target = 'live'): number {
  const own = checks.reduce((sum, check) => sum + check.requests, 0);
  return own + sharedSetups(checks, target).reduce((sum, s) => sum + s.requests, 0);
}

/** What a run of these checks needs and costs under a rate limit. */
export async function planFor(
  checks: Check[],
  rate: RateLimit | false,
  provisioning = false,
  target: Target = targetOf({ provision: provisioning ? 'sandbox' : undefined }),
): Promise<Plan> {
  const needs = needsOf(checks, target);
  let requests = requestsOf(checks, target);
  if (provisioning) requests += needs.ready + needs.vipWait + needs.roadmaps + (needs.html ?? 0);
  const atMost = requests + checks.reduce((sum, c) => sum + (c.beyondPlan ?? 0), 0);
  const explored = checks.find((c) => c.id === 'explore')?.requests ?? 0;
  return { checks: checks.length, needs, requests, atMost, explored, pacedSeconds: await pacedSeconds(requests, rate) };
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
