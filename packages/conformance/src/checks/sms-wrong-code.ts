import type { Check } from '../check.js';
import { accept, refuse, stated } from '../claims/make.js';
import { profileFor } from '../journey/profile.js';
import { getRecord, stateOf } from '../journey/steps.js';
import { Q, S } from '../quotes.js';

export const smsWrongCode: Check = {
  id: 'sms-wrong-code',
  title: 'SMS mode: a wrong code is refused with 400 and the record stays ready; the right one then verifies',
  statement:
    'Authentication 2: tests_auth_required true, a second call (PUT .../auth/verify/) with the code completes it',
  kind: 'journey',
  basis: ['verifyRecordAuth 400'],
  needs: { ready: 1 },
  requests: 6,
  claims: [
    stated('record-verify.code', S.otherEndpointsReferredTo, Q.verifyRecord, 'only the code sent completes it', [
      accept('verifyRecordAuth', ['wrong_code']),
    ]),
    stated('auth.sms', S.authentication, Q.smsAuth, 'SMS mode: the code completes it, a wrong one does not', [
      accept('verifyRecordAuth', ['wrong_code']),
      refuse('verifyRecordAuth', { couldNotRun: true }),
    ]),
  ],
  async run(ctx) {
    const record = await getRecord(ctx, await ctx.take('ready'));
    if (!record) return;
    if (!record.tests_auth_required) ctx.skip('the organizer authenticates instantly (tests_auth_required false)');
    const mobile = ctx.mobile();
    const params = { token: record.token };
    const body = { mobile, profile: profileFor(ctx, record.test ?? {}) };
    if (!ctx.expectStatus(await ctx.call('authenticateRecord', { params, body }), 200, 'record authentication')) return;
    const code = await ctx.smsCode({ mobile, token: record.token, purpose: 'record' });
    const wrong = code === '00000' ? '11111' : '00000';
    ctx.expectRefused(await ctx.call('verifyRecordAuth', { params, body: { code: wrong } }), 400, 'a wrong SMS code');
    const still = await getRecord(ctx, record.token);
    ctx.expect(
      still?.auth_required === true && still.profile === null,
      `a refused code authenticates nothing: want auth_required true and no profile; ${stateOf(still)}`,
      undefined,
      false,
    );
    ctx.expectStatus(
      await ctx.call('verifyRecordAuth', { params, body: { code } }),
      200,
      'the right SMS code after a wrong one',
    );
  },
};
