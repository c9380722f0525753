import fc from 'fast-check';
import type { Check, CheckContext } from '../check.js';
import { stated } from '../claims/make.js';
import { Q, S } from '../quotes.js';
import { type Counts, commandArb, setUp } from './commands.js';
import { TOURS } from './tours.js';
import { type Budget, Spent, World } from './world.js';

/** Requests exploration sends when `--explore` does not say: within a live run's 400 (plan shows the split). */
export const EXPLORE_REQUESTS = 40;
/** Commands in one drawn sequence, at most (before shrinking). */
const MAX_COMMANDS = 10;

const proven =
  "proven by the suite's own tests: a deployment that breaks it, which exploring fails as stated (state held across answers: no generated family makes it)";

/**
 * The tours (tours.ts), then sequences of calls drawn from the model with fast-check
 * (`fc.commands`): repeated and out of order, a valid call after a refused one, every roadmap the
 * fixtures give, inputs from the stated domain and its edges, each resource read back at the end.
 * Every answer goes through a model of the sequence's own; a contradiction fails the sequence,
 * which fast-check shrinks (replaying it on fresh resources) to the shortest that still fails,
 * within the requests the run gives it.
 */
export function exploreCheck(o: { seed: number; requests?: number }): Check {
  const requests = o.requests ?? EXPLORE_REQUESTS;
  const each = Math.ceil(requests / 20);
  return {
    id: 'explore',
    title: 'Sequences drawn from the model: repeated, out of order, refused then valid, read back',
    statement: 'States and transitions, and consistency between answers, over drawn sequences of calls',
    kind: 'journey',
    basis: [],
    // The tours take a ready record more: two standalone ones, and a third for the roadmap's tour.
    needs: { ready: each + 1, roadmaps: each },
    requests,
    shrinks: true,
    claims: [
      stated(
        'explore.agree',
        S.consistencyBetweenAnswers,
        Q.recordToken,
        'every answer that shows a record (listing, detail, roadmap entry, questionnaire, authentication) shows the same record',
        [],
        { noBreach: proven },
      ),
      stated(
        'explore.refused',
        S.statesAndTransitions,
        Q.authRequired,
        'a refused call (4xx) changes nothing the next read shows',
        [],
        { noBreach: proven },
      ),
      stated(
        'explore.left-alone',
        S.statesAndTransitions,
        Q.profileLinked,
        'an operation changes what the interface says it changes, of its own records, and nothing else',
        [],
        { noBreach: proven },
      ),
      stated(
        'explore.domain',
        S.limits,
        Q.nameLimit,
        'input inside the stated domain, at its edges, is accepted and read back as sent; outside it, refused',
        [],
        { noBreach: proven },
      ),
    ],
    run: (ctx) => explore(ctx, o.seed, requests),
  };
}

async function explore(ctx: CheckContext, seed: number, requests: number) {
  if (requests === 0) ctx.skip('no requests left for exploration in this run (--explore N gives it N)');
  const budget: Budget = {
    left: requests,
    spare: { main: { records: [], roadmaps: [] }, other: { records: [], roadmaps: [] } },
  };
  const explored = ctx.hasOtherKey && ctx.takeOther ? [false, true] : [false];
  let failing: World | undefined;
  let sequences = 0;
  const sequence = async (theirs: boolean, cmds: Iterable<fc.AsyncCommand<Counts, World> | undefined>) => {
    if (budget.left <= 0) return;
    const world = new World(ctx, budget, theirs ? 'other' : 'main');
    sequences++;
    try {
      const model = await setUp(world);
      await fc.asyncModelRun(
        () => ({ model, real: world }),
        [...cmds].filter((c) => c !== undefined),
      );
      await readBack(world);
    } catch (error) {
      if (world.problems.length) failing = world;
      throw error;
    } finally {
      world.spareUnchanged();
    }
  };
  // The tours first, the main organizer's then the other's (a tour shrinks by leaving steps out), then drawn sequences.
  const runs = [
    ...explored.flatMap((theirs) =>
      TOURS.map((tour) => () => {
        const steps = fc.tuple(...tour.map((step) => fc.option(fc.constant(step), { nil: undefined })));
        const property = fc.asyncProperty(fc.constant(theirs), steps, sequence);
        return fc.check(property, { seed, numRuns: 1, examples: [[theirs, tour]] });
      }),
    ),
    () => {
      // The other organizer's drawn sequences: one in four (its mode is often the other).
      const other = fc.nat(3).map((n) => n === 3 && explored.length > 1);
      const commands = fc.commands([commandArb], { maxCommands: MAX_COMMANDS, size: 'max' });
      return fc.check(fc.asyncProperty(other, commands, sequence), { seed, numRuns: requests });
    },
  ];
  for (const next of runs) {
    if (budget.left <= 0) return;
    const result = await next();
    if (!result.failed) continue;
    const [problem] = failing?.problems ?? [];
    if (!failing || !problem) throw result.errorInstance;
    return ctx.found({
      message: `${problem.message}; the shortest failing sequence found (${failing.exchanges.length} calls, shrunk ${result.numShrinks} times, of ${sequences} sequences drawn, ${failing.key === 'other' ? "with the other organizer's key, " : ''}seed ${seed}): ${failing.steps.join('; ')}`,
      exchange: problem.exchange,
      before: failing.exchanges.slice(0, failing.exchanges.indexOf(problem.exchange)),
      quotes: [problem.quote],
    });
  }
}

/** Every resource a call of the sequence may have changed read once more: what the last call did, or must not have done, shows. */
async function readBack(w: World) {
  if (w.stopped) return;
  try {
    await w.readDirty(true);
  } catch (error) {
    if (!(error instanceof Spent)) throw error;
  }
  w.settle();
}
