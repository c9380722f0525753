import type { JsonObject } from '@tas/openapi';
import { type CallOptions, type CheckContext, HarnessShortfall } from '../check.js';
import type { OperationId } from '../described.js';
import type { Exchange } from '../types.js';
import { type Held, heldKey, readBack, setupOf } from './resources.js';

/** A well-formed token no deployment has: only on the mock, which keeps no state. */
export const UNKNOWN_TOKEN = '00000000-0000-4000-8000-000000000000';

export interface RefusalCase {
  label: string;
  /** The request's body, given a body the operation would accept on the held resource. */
  request(valid: JsonObject, held?: Held): Pick<CallOptions, 'body' | 'rawBody' | 'contentType'>;
  /** The case's own verdict on the answer (not 404: see below). */
  judge(exchange: Exchange): void;
}

/** A refusal's body is a breach sent on purpose: the types cannot vouch for it. */
const unchecked = ({ body, ...rest }: ReturnType<RefusalCase['request']>) => ({ ...rest, unchecked: body });

/**
 * Sends refusals of an operation on a token to a resource that exists, in the state where a valid
 * request would succeed: one resource for all of them (a refusal changes nothing), read back at
 * the end to prove it. An acceptance uses the resource up: the next case takes a fresh one. A 404
 * says the resource is unknown, which it is not: a stated failure, not a refusal of the body. On
 * the mock (no state) the cases go to a well-formed unknown token, with the description's example.
 */
export async function sendRefusals(ctx: CheckContext, operationId: OperationId, cases: RefusalCase[]) {
  const setup = setupOf(operationId);
  if (ctx.target === 'mock' || !setup) {
    const example = Object.values(ctx.operation(operationId).requestBody?.examples ?? {})[0] as JsonObject;
    for (const c of cases)
      c.judge(await ctx.call(operationId, { params: { token: UNKNOWN_TOKEN }, ...unchecked(c.request(example)) }));
    return;
  }
  const key = heldKey(operationId);
  let held: Held | undefined;
  let refused = 0;
  for (const [i, c] of cases.entries()) {
    try {
      held = await ctx.hold(key, () => setup.make(ctx));
    } catch (error) {
      // Fresh resources ran out after acceptances: the cases left could not run (the suite's shortfall).
      if (!(error instanceof HarnessShortfall) || i === 0) throw error;
      ctx.expect(
        false,
        `could not run the last ${cases.length - i} cases (from ${c.label}): ${error.message}`,
        undefined,
        true,
      );
      return;
    }
    if (!held) return;
    const exchange = await ctx.call(operationId, {
      params: { token: held.token },
      ...unchecked(c.request(held.base, held)),
    });
    const status = exchange.response.status;
    if (status === 404)
      ctx.expect(
        false,
        `${c.label}: answered 404 for ${held.kind} ${held.token}, which exists; the body must be refused, not the ${held.kind} called unknown`,
        exchange,
        false,
      );
    else c.judge(exchange);
    if (status < 400) {
      ctx.spend(key);
      held = undefined;
      refused = 0;
    } else refused++;
  }
  if (held && refused) await readBack(ctx, held, operationId, refused);
}
