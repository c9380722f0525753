import type { CheckContext } from '../check.js';
import { type Authenticated, type Held, heldKey, setupOf } from './resources.js';

/** The held authenticated record: the refusals of answers are sent to it, and the checks below start from it. */
export const AUTHENTICATED = heldKey('submitAnswers');

/**
 * The run's authenticated, unfinished record, shared by the checks that leave it so (they read it,
 * or are refused on it): one record and its authentication instead of one per check. A check that
 * sees it change (an acceptance) or finishes it calls `ctx.spend(AUTHENTICATED)`.
 */
export async function sharedAuthenticated(ctx: CheckContext): Promise<Authenticated | undefined> {
  const held = await ctx.hold<Held>(AUTHENTICATED, async () => setupOf('submitAnswers')?.make(ctx));
  return held?.authenticated;
}

/** Spends the shared record when a request the interface refuses was accepted: it may have changed. */
export function spendIfAccepted(ctx: CheckContext, status: number): void {
  if (status < 400) ctx.spend(AUTHENTICATED);
}
