import type { Check } from '../check.js';
import { authenticatedRecord } from '../journey/steps.js';

export const resultBeforeFinish: Check = {
  id: 'result-before-finish',
  title: 'A record that is not finished has no result yet: 409',
  statement: 'Result endpoints serve results of finished records',
  kind: 'journey',
  basis: ['getResult 409'],
  needs: { ready: 1 },
  requests: 5,
  async run(ctx) {
    const auth = await authenticatedRecord(ctx);
    if (!auth) return;
    ctx.expectRefused(
      await ctx.call('getResult', { params: { token: auth.record.token } }),
      409,
      'the result before finishing',
    );
  },
};
