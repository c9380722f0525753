/** Where the suite runs: the Prism mock (no state), the sandbox, or a live deployment. */
export type Target = 'mock' | 'sandbox' | 'live';

/** The target unless one is named: --provision sandbox implies the sandbox, else a live deployment. */
export const targetOf = (o: { target?: Target; provision?: string }): Target =>
  o.target ?? (o.provision === 'sandbox' ? 'sandbox' : 'live');

/** contract: one request, no state needed; security: keys; journey: the state machine seen from outside. */
export type Kind = 'contract' | 'security' | 'journey';

/** Which key a request carries. The key itself never enters an exchange, so it cannot leak into reports. */
export type KeyRef = 'main' | 'other' | 'none' | { literal: string };

export interface HttpRequest {
  method: string;
  url: string;
  key: KeyRef;
  headers: Record<string, string>;
  body?: string;
}

export interface HttpResponse {
  status: number;
  headers: Record<string, string>;
  text: string;
  /** The parsed JSON body, or undefined when the body is not JSON. */
  json: unknown;
}

/**
 * A part of a request the interface does not state, which the suite built on the description's
 * choice (a body shape, a path, an encoding of a field it read): a refusal of the request may be the
 * deployment's other choice, never its failure.
 */
export interface AssumedPart {
  /** What of the request is ours. */
  part: string;
  /** What tells the suite the deployment's choice: a flag, or that no setting does yet. */
  setting: string;
}

export interface Exchange {
  request: HttpRequest;
  response: HttpResponse;
  /** The description's operation this request was sent to, when there is one. */
  operationId?: string;
  /** The parts of the request the suite assumed (none: everything in it is stated). */
  assumed?: AssumedPart[];
}

/** One departure from the contract, with the rule it breaks and the exchange that showed it. */
export interface Finding {
  /** The check or response rule that found it. */
  rule: string;
  /** The interface statement (section or table row) it breaks. */
  statement: string;
  message: string;
  /** The behaviour is the description's assumption (x-assumed): a warning unless strict. */
  assumed: boolean;
  /** Where in the response body it sits (a JSON pointer), for findings about one field. */
  path?: string;
  exchange?: Exchange;
  /** The earlier exchanges behind it (the model's prediction: the transition that succeeded, the first read). */
  before?: Exchange[];
  /** The interface's own words behind a stated finding (its rule's stated claims), verbatim. */
  quotes?: string[];
}

export type Outcome = 'pass' | 'fail' | 'warn' | 'skip';

/** A check's verdict in three parts: what was stated, whether it reached what it checks, its assumed notes. */
export interface Verdict {
  /** FAIL when a stated finding was made (or, under --strict, any), else PASS. */
  stated: 'pass' | 'fail';
  /** Whether it reached what it checks: false is COULD NOT RUN, with why. */
  reached: boolean;
  why?: string;
  /** When a request built on an assumed part was refused: what was sent, what came back, which parts were ours. */
  refused?: { sent: string; got: string; parts: AssumedPart[] };
  /** What tells the suite what it needs to run it (the settings of `refused`, or what it lacked). */
  needs?: string[];
  /** Assumed notes: the description's choices the deployment departs from (warnings), counted. */
  notes: number;
}

export interface CheckResult {
  id: string;
  title: string;
  statement: string;
  kind: Kind;
  outcome: Outcome;
  /** Why the check was skipped. */
  reason?: string;
  /** Skipped because the suite lacked something (fixtures, an SMS code): not the target's fault. */
  couldNotRun?: boolean;
  /** The three-part verdict; absent for a check that did not apply (skipped for its target or mode). */
  verdict?: Verdict;
  findings: Finding[];
  requests: number;
  /** The check's own time, without the time spent waiting for the rate limit. */
  durationMs: number;
  /** Time spent waiting for the rate limit (pacing and 429s) while the check ran. */
  waitMs: number;
}

/** Fresh resources a check uses up (or reads) on a stateful target. */
export interface Needs {
  ready?: number;
  vipWait?: number;
  /** Ready records of a test whose questionnaire is HTML (`records.html` in a fixtures file). */
  html?: number;
  roadmaps?: number;
}

export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** The constraints a generated value can break, as JSON Schema names them. */
export type ConstraintKind =
  | 'type'
  | 'required'
  | 'pattern'
  | 'minLength'
  | 'maxLength'
  | 'minimum'
  | 'maximum'
  | 'enum'
  | 'format'
  | 'additionalProperties'
  | 'minItems'
  | 'maxItems';

/** A success, whatever its code: the interface states no success status, so 200 and 201 are both success. */
export const isSuccess = (status: number) => status >= 200 && status < 300;

/** What a run uses up, counted: `html` only when a selected check needs such records. */
export type NeedCounts = { ready: number; vipWait: number; roadmaps: number; html?: number };
