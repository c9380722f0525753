import type { Check } from '../check.js';
import { accept, stated } from '../claims/make.js';
import { getRecord, stateOf } from '../journey/steps.js';
import { Q, S } from '../quotes.js';
import { AUTHENTICATED, sharedAuthenticated, spendIfAccepted } from '../refusal/shared.js';

export const verifyAfterAuth: Check = {
  id: 'verify-after-auth',
  title: 'A verify after authentication completed (the code used twice) is refused, and the profile stays',
  statement:
    'Authentication 2: a second call (PUT .../auth/verify/) with the code completes it; Ready -> Authenticated once',
  kind: 'journey',
  basis: ['verifyRecordAuth 409'],
  shares: [AUTHENTICATED],
  requests: 2,
  claims: [
    stated(
      'state.ready.verify-once',
      S.statesAndTransitions,
      Q.standaloneAuth,
      'a verify after authentication completed is refused, and the profile stays',
      [accept('verifyRecordAuth', ['already_authenticated'])],
    ),
  ],
  async run(ctx) {
    const auth = await sharedAuthenticated(ctx);
    if (!auth) return;
    const params = { token: auth.record.token };
    // In SMS mode the code just used; in instant mode any code: nothing is pending.
    const code = (auth.last.request.body && (JSON.parse(auth.last.request.body) as { code?: string }).code) || '12345';
    const again = await ctx.call('verifyRecordAuth', { params, body: { code } });
    ctx.expectRefused(again, 409, 'a verify after authentication completed, with the code already used');
    spendIfAccepted(ctx, again.response.status);
    const after = await getRecord(ctx, auth.record.token);
    ctx.expect(
      after?.profile?.name === auth.profile.name && after.auth_required === false && after.status === 2,
      `the record keeps its profile and stays authenticated: want status 2, auth_required false, the profile sent; ${stateOf(after)}`,
      undefined,
      false,
    );
  },
};
