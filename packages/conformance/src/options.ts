import type { OpenApiDocument, Validator } from '@tas/openapi';
import type { Check } from './check.js';
import type { Fixtures } from './fixtures-file/fixtures.js';
import type { RateLimit } from './http/pacer.js';
import type { Plan } from './plan.js';
import type { ProfileInput } from './profile/types.js';
import type { ResponseRule } from './responses/rule.js';
import type { SmsProvider } from './sms.js';
import type { CheckResult, Clock, Target } from './types.js';

/**
 * What a run is given, what it selects and what it returns: below run.ts, so its helpers import
 * these without a circle. The CLI reads its flags into one RunOptions for `plan` and `run` alike;
 * selection.ts decides each default.
 */

export interface RunOptions {
  baseUrl: string;
  apiKey: string;
  otherApiKey?: string;
  fetch?: typeof fetch;
  target?: Target;
  /** Fresh records and roadmaps of a live deployment. */
  fixtures?: Fixtures;
  /** Create fresh records and roadmaps through the sandbox's control API. */
  provision?: 'sandbox';
  /** Where SMS codes come from; `sandbox` reads the sandbox's outbox. */
  sms?: SmsProvider | 'sandbox';
  strict?: boolean;
  /**
   * Paths of the operations whose paths the interface does not show (the listing, the result), as the
   * deployment has them, e.g. `{ getResult: '/results/{token}/' }`; default: the description's.
   */
  paths?: Partial<Record<'getResult' | 'listRecords', string>>;
  /** The deployment profile as its file gives it (`--profile FILE`): `paths` override its listing and result paths. */
  profile?: ProfileInput;
  /** The file the profile came from, for `plan` and the reports. */
  profileFile?: string;
  only?: string[];
  skip?: string[];
  /** Pacing; `false` lifts it. Default: off for the mock (it has no limit), the API's limits otherwise. */
  rate?: RateLimit | false;
  /** Seconds one request may take before it counts as unanswered (default 30). */
  timeoutSeconds?: number;
  /** Run the checks that are opt-in on a live target (they wait minutes or spend many records). */
  slow?: boolean;
  /** Skip the first request that checks the key (tests that count requests). */
  noKeyCheck?: boolean;
  clock?: Clock;
  /** The mobile number for authentications; random per authentication by default. */
  mobile?: string;
  /** fast-check's seed for the generated negative inputs (default 1, reported). */
  seed?: number;
  /** Requests of exploration (`--explore N`; default EXPLORE_REQUESTS): sequences drawn from the model. */
  explore?: number;
  /** Generated negative requests in the run (default: every constraint once; on a live target, see selection.ts). */
  negativeBudget?: number;
  /** Told the run's selection before the first request (the CLI says how long pacing makes the run). */
  onPlan?: (selection: Selection) => void;
  /** Told at once when the run starts to wait for the rate limit (pacing or a 429): how long and why. */
  onWait?: (message: string) => void;
  /** Called as each check ends (a line per check). */
  onResult?: (result: CheckResult) => void;
  doc?: OpenApiDocument;
  /**
   * The validator compiled from `doc`, when the caller has one: compiling is a run's costly part,
   * and a caller that makes many runs over one description (the tests) compiles it once.
   */
  validator?: Validator;
}

/** The run's selection (selection.ts): what a run with these options targets, paces, runs and costs. */
export interface Selection {
  target: Target;
  rate: RateLimit | false;
  seed: number;
  /** Generated negative requests this run, and the constraints they are drawn over. */
  negative: { budget: number; constraints: number };
  /** The checks --only and --skip select, in run order, and the response rules. */
  checks: Check[];
  rules: ResponseRule[];
  /** The selected checks that run on this target with these options (the rest are skipped, with why). */
  runnable: Check[];
  /** What the runnable checks need (fresh fixtures) and cost (requests, paced time). */
  plan: Plan;
}

/** Run options with each default decided (selection.ts settles them, and nothing else decides one). */
export type Settled<O extends Partial<RunOptions> = RunOptions> = O & {
  target: Target;
  rate: RateLimit | false;
  seed: number;
  strict: boolean;
  clock: Clock;
};

export interface RunResult {
  baseUrl: string;
  target: Target;
  strict: boolean;
  startedAt: string;
  durationMs: number;
  requests: number;
  /** Time spent waiting for the rate limit, apart from the checks' own time. */
  waitMs: number;
  results: CheckResult[];
  summary: Record<CheckResult['outcome'], number>;
  /** Findings by what they break: the interface's statements, or the description's assumptions. */
  findings: { stated: number; assumed: number };
  /** Records and roadmaps the run created on the sandbox. */
  created: Created[];
  /** Why the run stopped before its end (exit code 2), e.g. too many time-outs in a row. */
  aborted?: string;
  /** The seed of the generated negative inputs: `--seed` repeats them. */
  seed: number;
  /** The deployment profile in effect: its file (none: the description's choices) and the settings it changed. */
  profile?: { file?: string; settings: Record<string, string> };
  /** Generated negative requests this run, and the constraints they were drawn over. */
  negative: { budget: number; constraints: number };
  /** No check failed (nothing stated, or under --strict nothing at all): exit code 0 unless some could not run. */
  conforms: boolean;
  /**
   * The checks that did not reach what they check (COULD NOT RUN), with why and what they need:
   * with none failed, exit code 2. Absent in reports of a run that could not be made.
   */
  couldNotRun?: { id: string; why: string; needs: string[] }[];
}

/** The exit code of a run: 1 when something failed, else 2 when it stopped or parts could not run, else 0. */
export function exitCodeOf(result: RunResult): 0 | 1 | 2 {
  if (result.aborted) return 2;
  if (!result.conforms) return 1;
  return result.couldNotRun?.length ? 2 : 0;
}

/** A record or roadmap the run created on the sandbox, listed in the report. */
export interface Created {
  kind: 'record' | 'roadmap';
  state: 'ready' | 'vip_wait' | 'ready roadmap';
  token: string;
}
