import type { Breach, ClaimDef } from './claim.js';

/** A claim of one basis: a stated claim's breach must fail a run, an assumed one's (the description chose) warns. */
const claim =
  (basis: ClaimDef['basis']) =>
  (
    id: string,
    section: string,
    quote: string,
    part: string,
    breaches: Breach[],
    more: Partial<ClaimDef> = {},
  ): ClaimDef => ({
    id,
    section,
    quote,
    part,
    basis,
    breaches,
    ...more,
  });
export const stated = claim('stated');
export const assumed = claim('assumed');
/** A claim no client can observe: why. */
export const unobservable = (id: string, section: string, quote: string, part: string, why: string) =>
  stated(id, section, quote, part, [], { unobservable: why });

/** Breach builders, one per family; those below that take a path into the answer are made alike. */
const atPath =
  (family: Breach['family']) =>
  (op: string, path: string, more: Partial<Breach> = {}): Breach => ({ family, op, path, ...more });
export const drop = atPath('drop');
export const retype = atPath('retype');
export const revalue = atPath('revalue');
export const reread = atPath('reread');
export const swap = atPath('swap');
/** One of two answers that show the same resource or value departs (`again`: the same resource read again). */
export const disagree = atPath('disagree');
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
/** A valid edge refused: answers 400, as a validation refusal, where the request's body holds `bodyHas`. */
export const edge = (op: string, bodyHas: string, more: Partial<Breach> = {}): Breach => ({
  family: 'edge',
  op,
  bodyHas,
  ...more,
});
