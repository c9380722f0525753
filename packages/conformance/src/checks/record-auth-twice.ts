import type { Check } from '../check.js';
import { profileFor } from '../journey/profile.js';
import { authenticatedRecord } from '../journey/steps.js';

export const recordAuthTwice: Check = {
  id: 'record-auth-twice',
  title: 'Authenticating an authenticated record again is refused with 409',
  statement: 'POST /record/{token}/auth/: 409 already authenticated',
  kind: 'journey',
  basis: ['authenticateRecord 409'],
  needs: { ready: 1 },
  requests: 5,
  async run(ctx) {
    const auth = await authenticatedRecord(ctx);
    if (!auth) return;
    const profile = profileFor(ctx.doc, auth.record.test ?? {}, ctx.now());
    const again = await ctx.call('authenticateRecord', {
      params: { token: auth.record.token },
      body: { mobile: ctx.mobile(), profile },
    });
    ctx.expectRefused(again, 409, 'a second authentication');
  },
};
