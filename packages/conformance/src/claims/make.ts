import type { Breach, ClaimDef } from './claim.js';

/** A stated claim: its breach must fail a run. */
export const stated = (
  id: string,
  section: string,
  quote: string,
  part: string,
  breaches: Breach[],
  more: Partial<ClaimDef> = {},
): ClaimDef => ({ id, section, quote, part, basis: 'stated', breaches, ...more });

/** An assumed claim (the interface leaves it open; the description chose): its breach warns. */
export const assumed = (
  id: string,
  section: string,
  quote: string,
  part: string,
  breaches: Breach[],
  more: Partial<ClaimDef> = {},
): ClaimDef => ({ id, section, quote, part, basis: 'assumed', breaches, ...more });

/** A claim no client can observe: why. */
export const unobservable = (id: string, section: string, quote: string, part: string, why: string): ClaimDef => ({
  id,
  section,
  quote,
  part,
  basis: 'stated',
  breaches: [],
  unobservable: why,
});

/** Breach builders, one per family. */
export const drop = (op: string, path: string, more: Partial<Breach> = {}): Breach => ({
  family: 'drop',
  op,
  path,
  ...more,
});
export const retype = (op: string, path: string, more: Partial<Breach> = {}): Breach => ({
  family: 'retype',
  op,
  path,
  ...more,
});
export const revalue = (op: string, path: string, more: Partial<Breach> = {}): Breach => ({
  family: 'revalue',
  op,
  path,
  ...more,
});
export const reread = (op: string, path: string, more: Partial<Breach> = {}): Breach => ({
  family: 'reread',
  op,
  path,
  ...more,
});
export const swap = (op: string, path: string, more: Partial<Breach> = {}): Breach => ({
  family: 'swap',
  op,
  path,
  ...more,
});
export const add = (op: string, path: string, value: unknown, more: Partial<Breach> = {}): Breach => ({
  family: 'add',
  op,
  path,
  value,
  ...more,
});
export const accept = (op: string, codes: string[] | undefined, more: Partial<Breach> = {}): Breach => ({
  family: 'accept',
  op,
  codes,
  ...more,
});
export const refuse = (op: string, more: Partial<Breach> = {}): Breach => ({ family: 'refuse', op, ...more });
export const leak = (op: string, more: Partial<Breach> = {}): Breach => ({ family: 'leak', op, ...more });
/** Answers `status` instead of the refusal the interface states a code for. */
export const recode = (op: string, codes: string[], status: number, more: Partial<Breach> = {}): Breach => ({
  family: 'recode',
  op,
  codes,
  value: status,
  ...more,
});
/** One of two answers that show the same resource or value departs (`again`: the same resource read again). */
export const disagree = (op: string, path: string, more: Partial<Breach> = {}): Breach => ({
  family: 'disagree',
  op,
  path,
  ...more,
});
/** A valid edge refused: answers 400, as a validation refusal, where the request's body holds `bodyHas`. */
export const edge = (op: string, bodyHas: string, more: Partial<Breach> = {}): Breach => ({
  family: 'edge',
  op,
  bodyHas,
  ...more,
});
