import type { CheckContext } from '../check.js';
import type { Exchange } from '../types.js';
import { LIMITS, type Limit, type Mode } from './interface.js';

/** The model's limit `id`. */
export function limitOf(id: string): Limit {
  const limit = LIMITS.find((l) => l.id === id);
  if (!limit) throw new Error(`the model has no limit ${id}`);
  return limit;
}

/** The limit applies in `mode` (a limit stated for one mode does not hold in the other). */
export const appliesIn = (id: string, mode: Mode) => (limitOf(id).mode ?? mode) === mode;

/**
 * A refusal judged as the model's limit says: with the status it states (a wrong one fails), else
 * refused with `assumed`, the description's status (another 4xx is a note).
 */
export function expectLimit(ctx: CheckContext, id: string, exchange: Exchange, what: string, assumed = 409) {
  const limit = limitOf(id);
  return ctx.expectRefused(exchange, limit.status ?? assumed, what, limit.status !== undefined);
}
