import { listAssumptions, loadDescription } from '@tas/openapi';
import { describe, expect, it } from 'vitest';
import { allChecks } from '../src/checks/index.js';
import { SPARES } from '../src/checks/request-constraints.js';
import { pacedSeconds, planFor } from '../src/plan.js';
import { selectRun } from '../src/selection.js';

describe('plan', () => {
  it.each([
    { requests: 100, seconds: 0 },
    { requests: 101, seconds: 60 },
    { requests: 250, seconds: 120 },
    { requests: 3000, seconds: 1740 },
    { requests: 3001, seconds: 3600 },
  ])('$requests requests at 100/min and 3,000/hour take at least $seconds s', async ({ requests, seconds }) => {
    expect(await pacedSeconds(requests, { perMinute: 100, perHour: 3000 })).toBe(seconds);
  });

  it('counts the fresh fixtures and requests of the selected checks', async () => {
    const doc = loadDescription();
    const checks = allChecks(doc, listAssumptions(doc)).filter((c) =>
      ['record-auth', 'roadmap-auth', 'vip-wait'].includes(c.id),
    );
    const plan = await planFor(checks, false, true);
    expect(plan.needs).toEqual({ ready: 1, vipWait: 1, roadmaps: 1 });
    expect(plan.requests).toBe(6 + 16 + 3 + 3);
  });

  it.each([
    // The authenticated record: answers are refused on it, then the journeys that leave it so start from it.
    {
      ids: ['constraints.submitAnswers', 'submit-wrong-length', 'submit-invalid-values', 'submit-finishes'],
      target: 'live',
      // One record shared, and a spare for the one refusal of answers the interface does not state.
      needs: { ready: 2, vipWait: 0, roadmaps: 0 },
      setup: 4,
    },
    {
      ids: ['constraints.authenticateRoadmap', 'constraints.verifyRoadmapAuth', 'roadmap-verify-draft-token'],
      target: 'live',
      // Two roadmaps shared (auth and verify), each with SPARES (2) for refusals a deployment may accept.
      needs: { ready: 0, vipWait: 0, roadmaps: 2 + 2 * SPARES },
      setup: 3 + 4,
    },
    // The mock keeps no state: its refusals go to an unknown token.
    {
      ids: ['constraints.submitAnswers', 'constraints.authenticateRoadmap'],
      target: 'mock',
      needs: { ready: 0, vipWait: 0, roadmaps: 0 },
      setup: 0,
    },
  ] as const)(
    '$ids on $target: a shared resource counts once, with its spares',
    async ({ ids, target, needs, setup }) => {
      const doc = loadDescription();
      const checks = allChecks(doc, listAssumptions(doc)).filter((c) => (ids as readonly string[]).includes(c.id));
      expect(checks).toHaveLength(ids.length);
      const plan = await planFor(checks, false, false, target);
      expect(plan.needs).toEqual(needs);
      expect(plan.requests).toBe(checks.reduce((sum, c) => sum + c.requests, 0) + setup);
    },
  );
});

describe("a live run's budget", () => {
  // Issue 37: a live run stays within 400 requests, with and without the slow checks; plan prints it.
  it.each([false, true])('with --slow %s, plan estimates at most 400 requests', async (slow) => {
    const { plan } = await selectRun({
      otherApiKey: 'o',
      target: 'live',
      slow,
      seed: 1,
    });
    expect(plan.requests).toBeGreaterThan(100);
    expect(plan.requests).toBeLessThanOrEqual(400);
  });
});
