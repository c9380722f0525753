import { type Assumption, listOperations, type OpenApiDocument } from '@tas/openapi';
import type { Check } from '../check.js';
import { mutations } from '../mutations.js';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

/**
 * One check per operation with a body: each constraint of its request schema violated in turn
 * (from the body example), then a body that is not JSON and one sent as text/plain: all refused
 * with 400. The token is a well-formed unknown one: bad input is refused before the lookup.
 */
export function requestConstraints(doc: OpenApiDocument, assumptions: Assumption[]): Check[] {
  return listOperations(doc)
    .filter((operation) => operation.requestBody)
    .map((operation) => {
      const requestBody = operation.requestBody as NonNullable<typeof operation.requestBody>;
      const example = Object.values(requestBody.examples)[0];
      const broken = mutations(doc, assumptions, requestBody.schemaPointer, example);
      return {
        id: `constraints.${operation.operationId}`,
        title: `${operation.method.toUpperCase()} ${operation.path} refuses each broken request constraint with 400`,
        statement: `Errors: 400 invalid data or missing required fields (${operation.method.toUpperCase()} ${operation.path})`,
        kind: 'contract',
        basis: [`${operation.operationId} 400`],
        requests: broken.length + 2,
        async run(ctx) {
          const params = { token: UNKNOWN };
          for (const mutation of broken) {
            const exchange = await ctx.call(operation.operationId, { params, body: mutation.body });
            // A broken constraint the interface states must be refused; one the description assumed, a warning.
            if (mutation.assumed)
              ctx.expect(
                exchange.response.status === 400,
                `${mutation.label}: want 400, got ${exchange.response.status}`,
                exchange,
                true,
              );
            else ctx.expectRefused(exchange, 400, mutation.label);
          }
          const notJson = await ctx.call(operation.operationId, {
            params,
            rawBody: '{"record": [',
            contentType: 'application/json',
          });
          ctx.expectRefused(notJson, 400, 'a body that is not JSON');
          const text = await ctx.call(operation.operationId, {
            params,
            rawBody: JSON.stringify(example),
            contentType: 'text/plain',
          });
          ctx.expectRefused(text, 400, 'a body sent as text/plain');
        },
      } satisfies Check;
    });
}
