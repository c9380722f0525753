import { listOperations, type OpenApiDocument, type Operation, pointerGet } from '@tas/openapi';
import type { Check } from '../check.js';
import { idOf } from '../described.js';

/**
 * One check per operation: its request built from the description's own examples (parameter and
 * body examples). Every response rule applies; against the mock the answer must be a success.
 */
export function operationExamples(doc: OpenApiDocument): Check[] {
  return listOperations(doc).map((operation) => ({
    id: `example.${operation.operationId}`,
    title: `${operation.method.toUpperCase()} ${operation.path} with the description's examples`,
    statement: `Endpoints: ${operation.method.toUpperCase()} ${operation.path}`,
    kind: 'contract',
    basis: [],
    requests: 1,
    // The description's example tokens name nothing on a live deployment: a 404, which unknown-record covers.
    notOnLive: operation.parameters.some((p) => p.in === 'path')
      ? "the description's example token names no resource of a live deployment: it would only see a 404 (unknown-record checks that)"
      : undefined,
    async run(ctx) {
      const { params, query } = exampleParameters(doc, operation);
      const body = operation.requestBody ? Object.values(operation.requestBody.examples)[0] : undefined;
      const exchange = await ctx.call(idOf(operation), { params, query, unchecked: body });
      if (ctx.target === 'mock')
        ctx.expect(exchange.response.status < 300, `the mock answers the examples with a success`, exchange);
    },
  }));
}

function exampleParameters(doc: OpenApiDocument, operation: Operation) {
  const params: Record<string, string> = {};
  const query: Record<string, string> = {};
  for (const parameter of operation.parameters) {
    const example =
      pointerGet(doc, parameter.schemaPointer.replace(/\/schema$/, '/example')) ??
      (parameter.schema.examples as unknown[] | undefined)?.[0];
    if (example === undefined) continue;
    (parameter.in === 'path' ? params : query)[parameter.name] = String(example);
  }
  return { params, query };
}
