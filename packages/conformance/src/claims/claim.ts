/**
 * One smallest observable claim of the interface (../shared/interface.md), the checks that judge it,
 * and the breaches that prove they do (test/faults.test.ts runs a deployment per breach).
 */
export interface Claim {
  /** Unique, stable: `<resource or operation>.<field or rule>.<part>`. */
  id: string;
  /** Where the interface says it: a section and table. */
  section: string;
  /** Words of the interface, verbatim (test/claims.test.ts checks them against interface.md). */
  quote: string;
  /** What exactly of the quote this claim is (a cell, a condition), in a few words. */
  part: string;
  /** `stated`: its breach is a failure; `assumed`: the interface leaves it open, its breach a warning. */
  basis: 'stated' | 'assumed';
  /**
   * Check and response-rule ids that judge it, resolved by the registry: the check whose file holds
   * the claim first, then those that name it in `judges`.
   */
  checks: string[];
  /** Why no client can observe it (then `checks` is empty). */
  unobservable?: string;
  /** Deployments that break exactly this claim. */
  breaches: Breach[];
  /** Why the claim has no generated breach, where it has none though a check judges it. */
  noBreach?: string;
}

/** A claim as a check's file writes it: the checks that judge it are the registry's to resolve. */
export type ClaimDef = Omit<Claim, 'checks'>;

/**
 * Mutation families: what a breaching deployment changes of a correct one.
 * - drop: deletes a field of a successful answer
 * - retype: gives it another JSON type
 * - revalue: another value of the same type (`value`, or one derived from the right one)
 * - reread: the right value on the first read of a URL, another on the reads after it
 * - swap: exchanges the values of the first two items matching the path (`*` for array items)
 * - add: sets a field (to `value`) where the interface says it appears only in another case
 * - accept: answers 200 where the correct server refused with one of `codes` (any refusal without)
 * - refuse: answers 400 (or `value`) where the correct server succeeded
 * - recode: answers another 4xx (`value`) where the correct server refused with one of `codes`, for a
 *   refusal whose code the interface itself states
 * - leak: another organizer's resource reaches this organizer (its key is read as this one's; a listing
 *   carries the other organizer's records)
 * - disagree: two reads that disagree: one answer shows a resource's field otherwise than its other
 *   answers (`again`: only when the same resource is read again, as after a transition)
 * - edge: a valid edge refused: a request whose body holds `bodyHas` (a value at a limit's valid edge)
 *   is refused with 400, as an invalid one would be
 */
export type Family =
  | 'drop'
  | 'retype'
  | 'revalue'
  | 'reread'
  | 'swap'
  | 'add'
  | 'accept'
  | 'refuse'
  | 'recode'
  | 'leak'
  | 'disagree'
  | 'edge';

export interface Breach {
  family: Family;
  /** The operation whose answer (or, for leak, whose request) is changed. */
  op: string;
  /** A JSON pointer into the answer's body; `*` stands for every item of an array. */
  path?: string;
  value?: unknown;
  /**
   * accept, recode: the correct server's error codes (`messages[0].code`) that become a success (another
   * status); edge: the first is the refusal's code (else `invalid_body`).
   */
  codes?: string[];
  /** Only where the value at this pointer of the same answer equals `[1]` (`*` the path's item). */
  when?: [pointer: string, equals: unknown];
  /** Only where the value at this pointer differs from `[1]`. */
  whenNot?: [pointer: string, equals: unknown];
  /** Changes error answers (4xx) instead of successes. */
  errors?: boolean;
  /** accept: only refusals whose `messages[0].field` starts with this pointer. */
  field?: string;
  /** Only for requests whose body holds this text (e.g. `"roles":[]`). */
  bodyHas?: string;
  /** Only for requests whose JSON body lacks this pointer where its parent is there (a required field left out). */
  lacks?: string;
  /** disagree: only the reads after the first of the same URL. */
  again?: true;
  /** The organizer mode of the run's main key: SMS (default) or instant. */
  mode?: 'sms' | 'instant';
  /** Checks that send the requests when the judges are response rules only (they judge every answer). */
  via?: string[];
  /**
   * The request it refuses is built on the suite's assumption (its body, path or parameters are not
   * shown): the run must say COULD NOT RUN (exit 2) for the claim's checks, naming what to set, and
   * fail nothing, since a deployment that takes another body refuses ours alike.
   */
  couldNotRun?: true;
}

/** The breaches of a claim, by family, for its table cell. */
export const describeBreach = (b: Breach) =>
  `${b.family} ${b.op}${b.path ? ` ${b.path}` : ''}${b.codes ? ` (${b.codes.join(', ')})` : ''}${b.lacks ? ` without ${b.lacks}` : ''}${b.family === 'recode' ? ` as ${String(b.value)}` : ''}${b.mode === 'instant' ? ' [instant]' : ''}`;
