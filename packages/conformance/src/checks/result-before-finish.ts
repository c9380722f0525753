import type { Check } from '../check.js';
import { accept, stated } from '../claims/make.js';
import { Q, S } from '../quotes.js';
import { AUTHENTICATED, sharedAuthenticated } from '../refusal/shared.js';

export const resultBeforeFinish: Check = {
  id: 'result-before-finish',
  title: 'A record that is not finished has no result yet: 409',
  statement: 'Result endpoints serve results of finished records',
  kind: 'journey',
  basis: ['getResult 409'],
  shares: [AUTHENTICATED],
  requests: 1,
  claims: [
    stated(
      'results.not-before',
      S.otherEndpointsReferredTo,
      Q.results,
      'no result before finishing (an acceptance at any path is one)',
      [accept('getResult', ['not_finished'])],
    ),
  ],
  async run(ctx) {
    const auth = await sharedAuthenticated(ctx);
    if (!auth) return;
    ctx.expectRefused(
      await ctx.call('getResult', { params: { token: auth.record.token } }),
      409,
      'the result before finishing',
    );
  },
};
