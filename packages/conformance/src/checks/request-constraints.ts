import { type Assumption, listOperations, type OpenApiDocument } from '@tas/openapi';
import type { Check } from '../check.js';
import { mutations } from '../mutations.js';
import { heldKey, setupOf } from '../refusal/resources.js';
import { type RefusalCase, sendRefusals } from '../refusal/send.js';

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
        async run(ctx) {
          const cases: RefusalCase[] = broken.map((mutation) => ({
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
          cases.push(
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
          await sendRefusals(ctx, operation.operationId, cases);
        },
      } satisfies Check;
    });
}
