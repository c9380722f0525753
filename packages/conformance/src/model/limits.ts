import type { CheckContext } from '../check.js';
import type { Exchange } from '../types.js';
import { LIMITS } from './interface.js';

/**
 * A refusal judged as the model's limit says: with the status it states (a wrong one fails), else
 * refused with `assumed`, the description's status (another 4xx is a note).
 */
export function expectLimit(ctx: CheckContext, id: string, exchange: Exchange, what: string, assumed?: number) {
  const limit = LIMITS.find((l) => l.id === id);
  const status = limit?.status ?? assumed;
  if (!limit || status === undefined) throw new Error(`the model has no limit ${id} with a status`);
  return ctx.expectRefused(exchange, status, what, limit.status !== undefined);
}
