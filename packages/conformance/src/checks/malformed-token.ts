import type { Check } from '../check.js';
import type { OperationId } from '../described.js';

const TOKEN_OPERATIONS: OperationId[] = ['getRecord', 'getQuestions', 'getResult', 'getRoadmap'];

export const malformedToken: Check = {
  id: 'malformed-token',
  title: 'A token that is not a UUID is refused with 400',
  statement: 'Endpoints: path parameter token (string, UUID, required)',
  kind: 'contract',
  basis: TOKEN_OPERATIONS.map((id) => `${id} 400`),
  requests: TOKEN_OPERATIONS.length,
  async run(ctx) {
    for (const operationId of TOKEN_OPERATIONS) {
      const exchange = await ctx.call(operationId, { params: { token: 'not-a-uuid' } });
      ctx.expectRefused(exchange, 400, `${operationId} with token "not-a-uuid"`);
    }
  },
};
