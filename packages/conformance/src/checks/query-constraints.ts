import { type JsonObject, listOperations, type OpenApiDocument } from '@tas/openapi';
import type { Check } from '../check.js';
import { idOf } from '../described.js';
import { constraintGround } from '../grounds/constraints.js';
import { isStated } from '../grounds/ground.js';

/** Values that break a query parameter's schema: wrong type, outside the enum, below or above its bounds. */
function badValues(schema: JsonObject): string[] {
  const out: string[] = [];
  if (schema.type === 'integer') out.push('abc', '1.5');
  if (schema.type === 'boolean') out.push('maybe');
  if (Array.isArray(schema.enum)) out.push(String(Math.max(...(schema.enum as number[])) + 5));
  if (typeof schema.minimum === 'number') out.push(String(schema.minimum - 1));
  if (typeof schema.maximum === 'number' && schema.maximum < 2 ** 31 - 1) out.push(String(schema.maximum + 1));
  return [...new Set(out)];
}

/** One check per operation with query parameters: each constraint broken in turn answers 400. */
export function queryConstraints(doc: OpenApiDocument): Check[] {
  return listOperations(doc)
    .filter((operation) => operation.parameters.some((p) => p.in === 'query'))
    .map((operation) => {
      const cases = operation.parameters
        .filter((p) => p.in === 'query')
        .flatMap((p) => badValues(p.schema).map((value) => ({ name: p.name, value })));
      return {
        id: `constraints.${operation.operationId}`,
        // The listing is the only operation with query parameters.
        judges: ['listing.filter'],
        title: `${operation.method.toUpperCase()} ${operation.path} refuses each broken query parameter with 400`,
        statement: `Record listing: filters by status and auth_required (${operation.method.toUpperCase()} ${operation.path})`,
        kind: 'contract',
        basis: [`${operation.operationId} 400`],
        requests: cases.length,
        async run(ctx) {
          for (const { name, value } of cases) {
            const exchange = await ctx.call(idOf(operation), { query: { [name]: value } });
            // The listing's parameters are "not shown": ignoring one, or reading it otherwise, is the deployment's choice.
            const ground = constraintGround({ operationId: operation.operationId, in: 'query', name, kind: 'type' });
            if (isStated(ground)) ctx.expectRefused(exchange, 400, `${name}=${value}`);
            else
              ctx.expect(
                exchange.response.status === 400,
                `${name}=${value}: want 400, got ${exchange.response.status} (the parameter is the description's: ${ground.assumed})`,
                exchange,
                true,
              );
          }
        },
      } satisfies Check;
    });
}
