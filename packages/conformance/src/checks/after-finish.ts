import type { Check } from '../check.js';
import { finishedRecord } from '../journey/steps.js';

export const afterFinish: Check = {
  id: 'after-finish',
  title: 'A finished record refuses its questions with 409, and a second submission with 409',
  statement: 'GET /record/{token}/questions/ Errors: 409 record already completed',
  kind: 'journey',
  basis: ['submitAnswers 409'],
  needs: { ready: 1 },
  requests: 8,
  async run(ctx) {
    const done = await finishedRecord(ctx);
    if (!done) return;
    const params = { token: done.record.token };
    const questions = await ctx.call('getQuestions', { params });
    ctx.expectRefused(questions, 409, 'questions after finishing', true);
    const again = await ctx.call('submitAnswers', { params, body: { record: done.answers } });
    ctx.expectRefused(again, 409, 'a second submission');
  },
};
