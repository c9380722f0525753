import {
  type Assumption,
  createValidator,
  listAssumptions,
  loadDescription,
  type OpenApiDocument,
  type Validator,
} from '@tas/openapi';
import { allChecks } from './checks/index.js';
import { EXPLORE_REQUESTS } from './explore/check.js';
import { DEFAULT_RATE } from './http/pacer.js';
import { listSites } from './negative/sites.js';
import type { RunOptions, Selection, Settled } from './options.js';
import { planFor, requestsOf } from './plan.js';
import { skipReason } from './preflight.js';
import { responseRules } from './responses/index.js';
import { select } from './select.js';
import { realClock, targetOf } from './types.js';

/**
 * A live run, every check included, stays within 364 requests: about 3.6 minutes at the API's 100
 * per minute (history in the commit log), and with a long listing read page by page within the 400
 * a live run may take.
 */
export const LIVE_REQUESTS = 364;

/** What a live run may send at most, whatever its listings' length: past it a check could not run. */
export const LIVE_CAP = 400;

/** The seed when none is given: fixed, so that a run's verdicts repeat (`--seed N` varies the inputs). */
export const DEFAULT_SEED = 1;

export type { Selection, Settled } from './options.js';

/** What `--explore N` adds to a live run's requests and cap, past exploration's default share. */
export const beyondDefault = (explore: number | undefined) =>
  Math.max(0, (explore ?? EXPLORE_REQUESTS) - EXPLORE_REQUESTS);

/** Each default of a run, decided here and nowhere else. Settling settled options changes nothing. */
export function settle<O extends Partial<RunOptions>>(options: O): Settled<O> {
  const target = targetOf(options);
  return {
    ...options,
    target,
    // The mock has no rate limit: unpaced unless a rate is asked for; sandbox and live: the API's limits.
    rate: options.rate ?? (target === 'mock' ? false : DEFAULT_RATE),
    seed: options.seed ?? DEFAULT_SEED,
    strict: options.strict ?? false,
    clock: options.clock ?? realClock,
  };
}

type SelectionOptions = Pick<
  RunOptions,
  | 'target'
  | 'provision'
  | 'rate'
  | 'seed'
  | 'only'
  | 'skip'
  | 'otherApiKey'
  | 'slow'
  | 'fixtures'
  | 'negativeBudget'
  | 'explore'
>;

/**
 * Turns a run's options into its selection: `plan` prints it, `run` runs it. The negative budget is
 * as asked; else every constraint once on the mock and the sandbox; on a live target, what the other
 * checks leave of LIVE_REQUESTS (the key check, and the resources the generated body values go to,
 * included). Another `--seed` draws another subset, so runs with several seeds add up to all of them.
 */
export async function selectRun(
  options: SelectionOptions,
  doc: OpenApiDocument = loadDescription(),
  assumptions: Assumption[] = listAssumptions(doc),
  validator: Validator = createValidator(doc),
): Promise<Selection> {
  const o = settle(options);
  const constraints = listSites(doc, assumptions).length;
  const chosen = (budget: number, explore = o.explore) => {
    const { checks, rules } = select(
      allChecks(doc, assumptions, { seed: o.seed, budget, validator, explore }),
      responseRules,
      o.only,
      o.skip,
    );
    return { checks, rules, runnable: checks.filter((c) => !skipReason(c, o.target, o)) };
  };
  let budget = o.negativeBudget ?? constraints;
  let selected: ReturnType<typeof chosen>;
  if (o.negativeBudget !== undefined || o.target !== 'live') selected = chosen(budget);
  else {
    // The checks this run makes with a budget's generated inputs, and the key check.
    const cost = (s: ReturnType<typeof chosen>) => 1 + requestsOf(s.runnable, o.target);
    const most = LIVE_REQUESTS + beyondDefault(o.explore);
    // Scripted checks first, then exploration's share (what they leave, at most its default), then generated inputs.
    const explore = o.explore ?? Math.max(0, Math.min(EXPLORE_REQUESTS, most - cost(chosen(0, 0))));
    const none = chosen(0, explore);
    const tried = (b: number) => (b === 0 ? none : chosen(b, explore));
    budget = Math.max(0, Math.min(constraints, most - cost(none)));
    selected = tried(budget);
    while (budget > 0 && cost(selected) > most) selected = tried(--budget);
  }
  const plan = await planFor(selected.runnable, o.rate, o.provision === 'sandbox', o.target);
  return { target: o.target, rate: o.rate, seed: o.seed, negative: { budget, constraints }, ...selected, plan };
}
