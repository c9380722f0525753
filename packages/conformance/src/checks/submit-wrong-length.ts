import type { Check } from '../check.js';
import { accept, stated } from '../claims/make.js';
import { getRecord } from '../journey/steps.js';
import { Q, S } from '../quotes.js';
import { AUTHENTICATED, sharedAuthenticated, spendIfAccepted } from '../refusal/shared.js';

export const submitWrongLength: Check = {
  id: 'submit-wrong-length',
  title: 'Answers one short, or one too many, are refused with 400 and the record stays authenticated',
  statement: 'POST /record/{token}/: record has exactly one entry per question; length validated per test',
  kind: 'journey',
  basis: ['submitAnswers 400'],
  shares: [AUTHENTICATED],
  requests: 3,
  claims: [
    stated('submit.length', S.postRecordTokenSubmitAnswers, Q.record, 'exactly one entry per question', [
      accept('submitAnswers', ['invalid_answers']),
    ]),
    stated('limit.answers.submit', S.limits, Q.answersLimit, 'on answer submission', [
      accept('submitAnswers', ['invalid_answers']),
    ]),
  ],
  async run(ctx) {
    const auth = await sharedAuthenticated(ctx);
    if (!auth) return;
    const params = { token: auth.record.token };
    const short = await ctx.call('submitAnswers', { params, body: { record: auth.answers.slice(0, -1) } });
    ctx.expectRefused(short, 400, 'answers one short');
    const long = await ctx.call('submitAnswers', { params, body: { record: [...auth.answers, auth.answers[0] ?? 0] } });
    ctx.expectRefused(long, 400, 'answers one too many');
    spendIfAccepted(ctx, Math.min(short.response.status, long.response.status));
    const after = await getRecord(ctx, auth.record.token);
    ctx.expect(
      after?.status === 2 && after.is_finished === false,
      'a refused submission leaves the record authenticated (not finished)',
      undefined,
      false,
    );
  },
};
