import type { Check } from '../check.js';
import { accept, recode, stated } from '../claims/make.js';
import { finishedRecord } from '../journey/steps.js';
import { expectLimit } from '../model/limits.js';
import { Q, S } from '../quotes.js';

export const afterFinish: Check = {
  id: 'after-finish',
  title: 'A finished record refuses its questions with 409, and a second submission with 409',
  statement: 'GET /record/{token}/questions/ Errors: 409 record already completed',
  kind: 'journey',
  basis: ['submitAnswers 409'],
  needs: { ready: 1 },
  requests: 8,
  claims: [
    stated(
      'questions.prerequisite.finished',
      S.getRecordTokenQuestions,
      Q.prerequisites,
      'record not finished, else refused',
      [accept('getQuestions', ['record_finished'])],
    ),
    stated('error.questions.409', S.errGETRecordTokenQuestions, Q.q409, 'record already completed: 409', [
      accept('getQuestions', ['record_finished']),
      recode('getQuestions', ['record_finished'], 403),
    ]),
  ],
  async run(ctx) {
    const done = await finishedRecord(ctx);
    if (!done) return;
    const params = { token: done.record.token };
    const questions = await ctx.call('getQuestions', { params });
    expectLimit(ctx, 'questions.finished', questions, 'questions after finishing');
    const again = await ctx.call('submitAnswers', { params, body: { record: done.answers } });
    expectLimit(ctx, 'submit.once', again, 'a second submission');
  },
};
