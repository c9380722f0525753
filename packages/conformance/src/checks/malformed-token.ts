import type { Check } from '../check.js';
import { accept, stated } from '../claims/make.js';
import type { OperationId } from '../described.js';
import { Q, S } from '../quotes.js';

const TOKEN_OPERATIONS: OperationId[] = ['getRecord', 'getQuestions', 'getResult', 'getRoadmap'];

export const malformedToken: Check = {
  id: 'malformed-token',
  title: 'A token that is not a UUID is refused with 400',
  statement: 'Endpoints: path parameter token (string, UUID, required)',
  kind: 'contract',
  basis: TOKEN_OPERATIONS.map((id) => `${id} 400`),
  requests: TOKEN_OPERATIONS.length,
  claims: [
    stated('record.token.path', S.record, Q.recordToken, 'a record token that is no UUID is refused', [
      accept('getRecord', ['invalid_parameter']),
    ]),
    stated('roadmap-auth.token', S.postRoadmapTokenAuth, Q.roadmapToken, 'a token that is no UUID is refused', [
      accept('getRoadmap', ['invalid_parameter']),
    ]),
  ],
  async run(ctx) {
    for (const operationId of TOKEN_OPERATIONS) {
      const exchange = await ctx.call(operationId, { params: { token: 'not-a-uuid' } });
      ctx.expectRefused(exchange, 400, `${operationId} with token "not-a-uuid"`);
    }
  },
};
