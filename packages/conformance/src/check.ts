import type { OpenApiDocument, Operation, Validator } from '@tas/openapi';
import type { OperationId, PathParams, RequestBody } from './described.js';
import type { DeploymentProfile } from './profile/types.js';
import type { Registration } from './registration.js';
import type { AssumedPart, Exchange, KeyRef, Kind, Needs, Target } from './types.js';

/** A request to an operation (or, with no operation, to a path outside the description). */
export interface CallOptions<Op extends OperationId | undefined = undefined> {
  params?: Op extends OperationId ? Partial<PathParams<Op>> : Record<string, string>;
  query?: Record<string, string>;
  /** A JSON body, typed from the description; serialized with Content-Type application/json. */
  body?: Op extends OperationId ? RequestBody<Op> : unknown;
  /**
   * A JSON body the types cannot vouch for, sent as `body` is: a breach sent on purpose, or one built
   * at run time (the description's examples, values a deployment answered).
   */
  unchecked?: unknown;
  /** Parts of this request the suite assumed beyond its operation's own (an encoding read from an answer). */
  assumed?: AssumedPart[];
  /** A raw body sent as is, with `contentType`. */
  rawBody?: string;
  contentType?: string;
  key?: KeyRef;
}

export type Purpose = 'record' | 'roadmap';

/** What a check sees: the target through the paced client, fixtures, SMS codes and expectations. */
export interface CheckContext {
  target: Target;
  /** The deployment profile in effect (defaults: the description's choices). */
  profile: DeploymentProfile;
  doc: OpenApiDocument;
  validator: Validator;
  operation(operationId: OperationId): Operation;
  hasOtherKey: boolean;
  now(): number;
  call<Op extends OperationId>(operationId: Op, options?: CallOptions<Op>): Promise<Exchange>;
  /** The path of an operation in effect (`--listing-path`, `--result-path`, else the description's), relative to the base path. */
  pathOf(operationId: OperationId): string;
  /** A request to a path outside the description (relative to the base path). */
  raw(method: string, path: string, options?: CallOptions): Promise<Exchange>;
  /**
   * Records a finding unless the exchange has this status; returns whether it had. A request built on
   * an assumed part (`exchange.assumed`) that was refused with a 4xx ends the check: could not run.
   */
  expectStatus(exchange: Exchange, status: number, what: string): boolean;
  /**
   * A request the interface refuses (an error row, a rule, "validated", a prerequisite). Accepted (2xx,
   * 3xx) or a 5xx: a stated failure, whatever the description assumed. Refused with another 4xx than
   * `status`: assumed (a warning unless --strict), or stated when `codeStated` (the interface names
   * the code itself, as rule 3 does). Returns whether it was refused at all.
   */
  expectRefused(exchange: Exchange, status: number, what: string, codeStated?: boolean): boolean;
  /** Records a stated finding with the exchanges before it and its quote (a shrunk sequence). */
  found(f: { message: string; exchange: Exchange; before: Exchange[]; quotes: string[] }): void;
  /** Records a finding unless `ok`; returns `ok`. `assumed` overrides the check's basis for this one. */
  expect(ok: boolean, message: string, exchange?: Exchange, assumed?: boolean): boolean;
  /** A fresh resource of a kind, from the fixtures file or provisioned. */
  take(kind: keyof Needs): Promise<string>;
  /** A fresh resource of the other organizer's, where the run provisions them (a sandbox). */
  takeOther?(kind: keyof Needs): Promise<string>;
  /** A resource taken and left unused (it did not fit): the fixtures file's last, for another check. */
  putBack?(kind: keyof Needs, token: string): void;
  smsCode(request: { mobile: string; token: string; purpose: Purpose; key?: 'main' | 'other' }): Promise<string>;
  /** A mobile number for one authentication. */
  mobile(): string;
  /** An external_id no earlier run used (unique per organizer account). */
  externalId(): number;
  /** Lets time pass on the target: the sandbox's control clock, or a real wait on a live one. */
  advance(seconds: number): Promise<void>;
  /** Ends the check as skipped. */
  skip(reason: string): never;
  /**
   * Ends the check without a verdict on what it could not read with certainty (a shape the interface
   * does not show, and the suite does not recognise): "could not judge: reason", never a failure.
   * Findings made before it stand.
   */
  cannotJudge(reason: string): never;
  /**
   * A resource the checks of a run share under `key` (see refusal/resources.ts), made by `make` on
   * first use; undefined when making it failed (with a finding).
   */
  hold<T>(key: string, make: () => Promise<T | undefined>): Promise<T | undefined>;
  /** The held resource was used up (an acceptance): the next `hold` of `key` makes a fresh one. */
  spend(key: string): void;
}

export interface Check extends Registration {
  title: string;
  /** The interface statement the check verifies: a section, a table row or a rule. */
  statement: string;
  kind: Kind;
  /**
   * What the expectations rest on: `operationId status` or a JSON pointer into the description.
   * When any of it is x-assumed, the check's own failures are warnings unless --strict.
   */
  basis: string[];
  needs?: Needs;
  /** Requests one run of the check sends (an estimate, for `plan`). */
  requests: number;
  /** Requests it may send beyond `requests`: a listing read to its page limit, fixtures looked through that do not fit. */
  beyondPlan?: number;
  /**
   * Refusals a deployment may legitimately accept (assumed constraints): each acceptance uses the
   * shared resource up, so `plan` asks for this many spares of it.
   */
  spares?: number;
  /** Opt-in on a live target (--slow): why, e.g. it waits out the draft_token's 5 minutes. */
  slowOnLive?: string;
  /**
   * Resources held for the run and shared with other checks (refusal/resources.ts keys): their
   * fixtures and setup requests count once in `plan`, whichever checks share them.
   */
  shares?: string[];
  /** Never run on a live target: why (it would verify nothing there). */
  notOnLive?: string;
  /** The check needs --other-api-key. */
  otherKey?: boolean;
  /** It reports the model's verdicts itself, each failure once, shrunk (the run's model still reads its answers). */
  shrinks?: boolean;
  run(ctx: CheckContext): Promise<void>;
}

export class Skip extends Error {}

/** A check that could not judge what it read (ctx.cannotJudge): its earlier findings stand. */
export class CannotJudge extends Skip {}

/**
 * What the suite itself lacked to finish a check (fixtures ran out, no SMS code could be read, a
 * setup step could not run): the check is "could not run", never the target's failure.
 */
export class HarnessShortfall extends Error {}

/**
 * A request the suite built on its own assumption was refused (a 4xx): the deployment may have chosen
 * otherwise where the interface is silent, so the check could not run; it says what was sent, what
 * came back, which parts were the suite's and what would tell it the deployment's choice.
 */
export class AssumptionRefused extends HarnessShortfall {
  constructor(
    message: string,
    readonly exchange: Exchange,
    readonly parts: AssumedPart[],
  ) {
    super(message);
  }
}
