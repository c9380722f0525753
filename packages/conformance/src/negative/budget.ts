import type { Assumption, OpenApiDocument } from '@tas/openapi';
import { allChecks } from '../checks/index.js';
import type { RunOptions } from '../options.js';
import { requestsOf } from '../plan.js';
import { skipReason } from '../preflight.js';
import { responseRules } from '../responses/index.js';
import { select } from '../select.js';
import type { Target } from '../types.js';
import { listSites } from './sites.js';

/**
 * A live run, every check included, stays within 340 requests: 3.4 minutes at the API's 100 per
 * minute (300 until the checks of the derived age, the HTML questionnaire and external_id per
 * organizer came in, 330 until the tenancy of results), and with a long listing read page by page
 * within the 400 a live run may take.
 */
export const LIVE_REQUESTS = 340;

/**
 * The run's budget of generated negative requests: as asked; else every constraint once on the
 * mock and the sandbox; on a live target, what the other checks leave of 340 requests (the key
 * check, and the resources the generated body values go to, included). Each run draws another
 * subset (another seed), so runs add up to all of them.
 */
export function negativeBudget(
  doc: OpenApiDocument,
  assumptions: Assumption[],
  target: Target,
  asked: number | undefined,
  options: Pick<RunOptions, 'otherApiKey' | 'slow' | 'only' | 'skip' | 'seed'>,
) {
  const constraints = listSites(doc, assumptions).length;
  if (asked !== undefined) return { budget: asked, constraints };
  if (target !== 'live') return { budget: constraints, constraints };
  // The checks this run makes (as --only and --skip select them) with `budget` generated inputs, and the key check.
  const cost = (budget: number) =>
    1 +
    requestsOf(
      select(
        allChecks(doc, assumptions, { seed: options.seed ?? 0, budget }),
        responseRules,
        options.only,
        options.skip,
      ).checks.filter((c) => !skipReason(c, target, options)),
      target,
    );
  let budget = Math.max(0, Math.min(constraints, LIVE_REQUESTS - cost(0)));
  while (budget > 0 && cost(budget) > LIVE_REQUESTS) budget--;
  return { budget, constraints };
}

/** A fresh 31-bit seed, printed in every report so that the run can be repeated. */
export const randomSeed = () => Math.floor(Math.random() * 2 ** 31);
