import type { Assumption, OpenApiDocument } from '@tas/openapi';
import { allChecks } from '../checks/index.js';
import { skipReason } from '../preflight.js';
import { responseRules } from '../responses/index.js';
import type { RunOptions } from '../run.js';
import { select } from '../select.js';
import type { Target } from '../types.js';
import { listSites } from './sites.js';

/** A live run, every check included, stays within 300 requests: 3 minutes at the API's 100 per minute. */
export const LIVE_REQUESTS = 300;

/**
 * The run's budget of generated negative requests: as asked; else every constraint once on the
 * mock and the sandbox; on a live target, what the other checks leave of 300 requests (the key
 * check included). Each run draws another subset (another seed), so runs add up to all of them.
 */
export function negativeBudget(
  doc: OpenApiDocument,
  assumptions: Assumption[],
  target: Target,
  asked: number | undefined,
  options: Pick<RunOptions, 'otherApiKey' | 'slow' | 'only' | 'skip'>,
) {
  const constraints = listSites(doc, assumptions).length;
  if (asked !== undefined) return { budget: asked, constraints };
  if (target !== 'live') return { budget: constraints, constraints };
  // The other checks this run makes (as --only and --skip select them), and the key check.
  const others = select(allChecks(doc, assumptions, { seed: 0, budget: 0 }), responseRules, options.only, options.skip)
    .checks.filter((c) => !c.id.startsWith('negative.') && !skipReason(c, target, options))
    .reduce((sum, c) => sum + c.requests, 1);
  return { budget: Math.max(0, Math.min(constraints, LIVE_REQUESTS - others)), constraints };
}

/** A fresh 31-bit seed, printed in every report so that the run can be repeated. */
export const randomSeed = () => Math.floor(Math.random() * 2 ** 31);
