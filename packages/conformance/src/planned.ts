import { listAssumptions, loadDescription } from '@tas/openapi';
import { allChecks } from './checks/index.js';
import type { Fixtures } from './fixtures-file/fixtures.js';
import type { RateLimit } from './http/pacer.js';
import { negativeBudget, randomSeed } from './negative/budget.js';
import { planFor } from './plan.js';
import { skipReason } from './preflight.js';
import { responseRules } from './responses/index.js';
import { select } from './select.js';
import type { Target } from './types.js';

export type PlanFlags = {
  target: Target;
  rate: RateLimit | false;
  fixtures?: Fixtures;
  only: string[];
  skip: string[];
  otherApiKey?: string;
  provision?: string;
  slow?: boolean;
  seed?: number;
  negativeBudget?: number;
};

/** What a run with these flags selects, runs and costs: `plan` prints it, `run` states its pacing. */
export async function planned(o: PlanFlags) {
  const doc = loadDescription();
  const assumptions = listAssumptions(doc);
  const seed = o.seed ?? randomSeed();
  const negative = negativeBudget(doc, assumptions, o.target, o.negativeBudget, { ...o, seed });
  const { checks } = select(
    allChecks(doc, assumptions, { seed, budget: negative.budget }),
    responseRules,
    o.only,
    o.skip,
  );
  const runnable = checks.filter((c) => !skipReason(c, o.target, o));
  const p = await planFor(runnable, o.rate, o.provision === 'sandbox', o.target);
  return { checks, runnable, negative, p };
}
