import type { Check } from '../check.js';
import { authenticatedRecord, getRecord, questionsAndAnswers } from '../journey/steps.js';

export const submitWrongLength: Check = {
  id: 'submit-wrong-length',
  title: 'Answers one short, or one too many, are refused with 400 and the record stays authenticated',
  statement: 'POST /record/{token}/: record has exactly one entry per question; length validated per test',
  kind: 'journey',
  basis: ['submitAnswers 400'],
  needs: { ready: 1 },
  requests: 8,
  async run(ctx) {
    const auth = await authenticatedRecord(ctx);
    if (!auth) return;
    const qa = await questionsAndAnswers(ctx, auth.record.token);
    if (!qa) return;
    const params = { token: auth.record.token };
    const short = await ctx.call('submitAnswers', { params, body: { record: qa.answers.slice(0, -1) } });
    ctx.expectRefused(short, 400, 'answers one short');
    const long = await ctx.call('submitAnswers', { params, body: { record: [...qa.answers, qa.answers[0] ?? 0] } });
    ctx.expectRefused(long, 400, 'answers one too many');
    const after = await getRecord(ctx, auth.record.token);
    ctx.expect(
      after?.status === 2 && after.is_finished === false,
      'a refused submission leaves the record authenticated (not finished)',
      undefined,
      false,
    );
  },
};
