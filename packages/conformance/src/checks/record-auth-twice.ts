import type { Check } from '../check.js';
import { accept, stated } from '../claims/make.js';
import { profileFor } from '../journey/profile.js';
import { expectLimit } from '../model/limits.js';
import { Q, S } from '../quotes.js';
import { AUTHENTICATED, sharedAuthenticated, spendIfAccepted } from '../refusal/shared.js';

export const recordAuthTwice: Check = {
  id: 'record-auth-twice',
  title: 'Authenticating an authenticated record again is refused with 409',
  // No sentence states a 409 for a standalone record authenticated twice: what is stated is the
  // transition, Ready -> Authenticated once (as verify-after-auth); the 409 is the description's code.
  statement: 'States: Ready -> Authenticated by standalone auth, once; a second authentication is refused',
  kind: 'journey',
  basis: ['authenticateRecord 409'],
  shares: [AUTHENTICATED],
  requests: 1,
  claims: [
    stated(
      'state.ready.auth-once',
      S.statesAndTransitions,
      Q.standaloneAuth,
      'the transition leaves Ready: an authenticated record is not authenticated again',
      [accept('authenticateRecord', ['already_authenticated'])],
    ),
  ],
  async run(ctx) {
    const auth = await sharedAuthenticated(ctx);
    if (!auth) return;
    const profile = profileFor(ctx, auth.record.test ?? {});
    const again = await ctx.call('authenticateRecord', {
      params: { token: auth.record.token },
      body: { mobile: ctx.mobile(), profile },
    });
    expectLimit(ctx, 'auth.once', again, 'a second authentication');
    spendIfAccepted(ctx, again.response.status);
  },
};
