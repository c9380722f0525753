import type { Check } from '../check.js';
import { accept, revalue, stated } from '../claims/make.js';
import { profileFor } from '../journey/profile.js';
import { getRecord } from '../journey/steps.js';
import { expectLimit } from '../model/limits.js';
import { Q, S } from '../quotes.js';

export const vipWait: Check = {
  id: 'vip-wait',
  title: 'A record in VIP wait shows status 0, refuses its questions with 403 and refuses authentication',
  statement: 'States: VIP wait (status 0); GET /record/{token}/questions/ 403 VIP prerequisite not met',
  kind: 'journey',
  basis: [],
  needs: { vipWait: 1 },
  requests: 3,
  claims: [
    stated('record.status.0', S.record, Q.statusValues, '`0` VIP wait', [
      revalue('getRecord', '/data/status', { value: 2, when: ['/data/status', 0] }),
    ]),
    stated('questions.prerequisite.vip', S.getRecordTokenQuestions, Q.prerequisites, 'VIP check passes, else refused', [
      accept('getQuestions', ['vip_wait']),
    ]),
    stated(
      'state.vip.unavailable',
      S.statesAndTransitions,
      Q.vip,
      'a record in VIP wait is unavailable: no questions',
      [accept('getQuestions', ['vip_wait'])],
    ),
    stated(
      'state.vip.no-auth',
      S.statesAndTransitions,
      Q.vip,
      'a record in VIP wait is unavailable: no authentication',
      [accept('authenticateRecord', ['vip_wait'])],
    ),
  ],
  judges: ['error.questions.403'],
  async run(ctx) {
    const record = await getRecord(ctx, await ctx.take('vipWait'));
    if (!record) return;
    ctx.expect(record.status === 0, `a record in VIP wait has status 0, not ${record.status}`);
    expectLimit(
      ctx,
      'vip.questions',
      await ctx.call('getQuestions', { params: { token: record.token } }),
      'questions in VIP wait',
    );
    // "Unavailable until the organizer completes a VIP or billing action": no profile is linked to it either.
    // The refusal is stated, its code (403, as for its questions) the description's choice.
    const profile = profileFor(ctx, record.test ?? {});
    const auth = await ctx.call('authenticateRecord', {
      params: { token: record.token },
      body: { mobile: ctx.mobile(), profile },
    });
    expectLimit(ctx, 'vip.auth', auth, 'authentication of a record in VIP wait', 403);
  },
};
