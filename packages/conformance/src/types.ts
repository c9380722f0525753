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

export interface Exchange {
  request: HttpRequest;
  response: HttpResponse;
  /** The description's operation this request was sent to, when there is one. */
  operationId?: string;
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
}

export type Outcome = 'pass' | 'fail' | 'warn' | 'skip';

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
