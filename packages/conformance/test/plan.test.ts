import { listAssumptions, loadDescription } from '@tas/openapi';
import { describe, expect, it } from 'vitest';
import { allChecks } from '../src/checks/index.js';
import { pacedSeconds, planFor } from '../src/plan.js';

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
    expect(plan.requests).toBe(5 + 16 + 2 + 3);
  });
});
