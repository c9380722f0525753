import { type Assumption, listOperations, type OpenApiDocument } from '@tas/openapi';
import type { Check } from '../check.js';
import { idOf } from '../described.js';
import { mutations } from '../mutations.js';
import { heldKey, setupOf } from '../refusal/resources.js';
import { type RefusalCase, sendRefusals } from '../refusal/send.js';

/** Spare resources per operation for acceptances of refusals the interface does not state (`plan` counts them). */
export const SPARES = 2;

/**
 * One check per operation with a body: each constraint of its request schema violated in turn
 * (from a body the operation would accept), then a body that is not JSON and one sent as
 * text/plain: all refused with 400. They go to a real resource in the state where a valid body
 * succeeds (refusal/send.ts), which must come out unchanged; on the mock, to an unknown token.
 */
export function requestConstraints(doc: OpenApiDocument, assumptions: Assumption[]): Check[] {
  return listOperations(doc)
    .filter((operation) => operation.requestBody)
    .map((operation) => {
      const requestBody = operation.requestBody as NonNullable<typeof operation.requestBody>;
      const example = Object.values(requestBody.examples)[0];
      const broken = mutations(doc, assumptions, requestBody.schemaPointer, example);
      const setup = setupOf(operation.operationId);
      return {
        id: `constraints.${operation.operationId}`,
        title: `${operation.method.toUpperCase()} ${operation.path} refuses each broken request constraint with 400`,
        statement: `Errors: 400 invalid data or missing required fields (${operation.method.toUpperCase()} ${operation.path})`,
        kind: 'contract',
        basis: [`${operation.operationId} 400`],
        // The cases, and the read-back of the resource they went to.
        requests: broken.length + 2 + (setup ? 1 : 0),
        shares: setup ? [heldKey(operation.operationId)] : undefined,
        // A broken constraint the interface does not state may be accepted, using the resource up.
        spares: setup ? Math.min(SPARES, broken.filter((m) => m.assumed).length) : undefined,
        async run(ctx) {
          // Stated refusals first: an acceptance of an assumed one uses the resource up, and spares may run out.
          const ordered = [...broken].sort((a, b) => Number(a.assumed) - Number(b.assumed));
          const cases: RefusalCase[] = ordered.map((mutation) => ({
            label: mutation.label,
            // The same constraint broken in the resource's own valid body (the example's where it lacks the place).
            request: (valid) => ({
              body:
                mutations(doc, assumptions, requestBody.schemaPointer, valid).find((m) => m.label === mutation.label)
                  ?.body ?? mutation.body,
            }),
            judge(exchange) {
              // A broken constraint the interface states must be refused; one the description assumed, a warning.
              if (mutation.assumed)
                ctx.expect(
                  exchange.response.status === 400,
                  `${mutation.label}: want 400, got ${exchange.response.status}`,
                  exchange,
                  true,
                );
              else ctx.expectRefused(exchange, 400, mutation.label);
            },
          }));
          cases.splice(
            ordered.filter((m) => !m.assumed).length,
            0,
            {
              label: 'a body that is not JSON',
              request: () => ({ rawBody: '{"record": [', contentType: 'application/json' }),
              judge: (exchange) => ctx.expectRefused(exchange, 400, 'a body that is not JSON'),
            },
            {
              label: 'a body sent as text/plain',
              request: (valid) => ({ rawBody: JSON.stringify(valid), contentType: 'text/plain' }),
              judge: (exchange) => ctx.expectRefused(exchange, 400, 'a body sent as text/plain'),
            },
          );
          await sendRefusals(ctx, idOf(operation), cases);
        },
      } satisfies Check;
    });
}
