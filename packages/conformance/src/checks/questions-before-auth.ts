import type { Check } from '../check.js';
import { accept, recode, stated } from '../claims/make.js';
import { getRecord } from '../journey/steps.js';
import { Q, S } from '../quotes.js';

export const questionsBeforeAuth: Check = {
  id: 'questions-before-auth',
  title: 'A ready record (not authenticated) refuses its questions with 403',
  statement: 'GET /record/{token}/questions/ Errors: 403 profile authentication prerequisite not met',
  kind: 'journey',
  basis: [],
  needs: { ready: 1 },
  requests: 2,
  claims: [
    stated(
      'questions.prerequisite.auth',
      S.getRecordTokenQuestions,
      Q.prerequisites,
      'profile authenticated, else refused',
      [accept('getQuestions', ['not_authenticated'])],
    ),
    stated('error.questions.403', S.errGETRecordTokenQuestions, Q.q403, 'prerequisite not met: 403', [
      accept('getQuestions', ['not_authenticated', 'vip_wait']),
      recode('getQuestions', ['not_authenticated'], 404),
    ]),
  ],
  async run(ctx) {
    const record = await getRecord(ctx, await ctx.take('ready'));
    if (!record) return;
    ctx.expect(
      record.status === 2 && record.auth_required === true,
      'a fresh record is ready (status 2, auth_required true)',
    );
    const exchange = await ctx.call('getQuestions', { params: { token: record.token } });
    ctx.expectRefused(exchange, 403, 'questions before authentication', true);
  },
};
