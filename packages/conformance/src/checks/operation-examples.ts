import { listOperations, type OpenApiDocument, type Operation, pointerGet } from '@tas/openapi';
import type { Check } from '../check.js';
import { stated } from '../claims/make.js';
import { idOf } from '../described.js';
import { Q, S } from '../quotes.js';

/**
 * One check per operation: its request built from the description's own examples (parameter and
 * body examples). Every response rule applies; against the mock the answer must be a success.
 */
export function operationExamples(doc: OpenApiDocument): Check[] {
  return listOperations(doc).map((operation, n) => ({
    id: `example.${operation.operationId}`,
    // The first holds the claim the family judges; a read of the roadmap is also roadmap.read's.
    ...(n === 0 ? { claims: [PREFIX] } : { judges: [PREFIX.id] }),
    ...(operation.operationId === 'getRoadmap' ? { judges: [PREFIX.id, 'roadmap.read'] } : {}),
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

const PREFIX = stated(
  'endpoints.prefix',
  S.endpoints,
  Q.pathsRelative,
  'each operation answers at its path under `/api/v2`',
  [],
  {
    noBreach:
      'an operation moved off its path is answered as an unknown path, which version.path breaks; the examples reach every operation for the response rules',
  },
);

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
