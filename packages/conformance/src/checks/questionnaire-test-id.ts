import type { Check } from '../check.js';
import { refuse, reread, revalue, stated } from '../claims/make.js';
import { questionsAndAnswers } from '../journey/steps.js';
import { Q, S } from '../quotes.js';
import { AUTHENTICATED, sharedAuthenticated } from '../refusal/shared.js';

export const questionnaireTestId: Check = {
  id: 'questionnaire-test-id',
  title: "An authenticated record serves its questionnaire, whose test_id equals the record's",
  statement: "GET /record/{token}/questions/: JSON questionnaire test_id equals the record's test_id",
  kind: 'journey',
  basis: [],
  shares: [AUTHENTICATED],
  requests: 1,
  claims: [
    stated(
      'questions.served',
      S.getRecordTokenQuestions,
      Q.prerequisites,
      'an authenticated, unfinished record is served its questions',
      [refuse('getQuestions', { value: 403 })],
    ),
    stated('questions.test_id', S.getRecordTokenQuestions, Q.jsonQuestionnaire, "`test_id` equals the record's", [
      revalue('getQuestions', '/data/test_id'),
    ]),
    stated(
      'consistency.test_id',
      S.consistencyBetweenAnswers,
      Q.test,
      "a record's questionnaire names the record's test",
      [revalue('getQuestions', '/data/test_id'), reread('getRecord', '/data/test_id')],
    ),
  ],
  judges: ['record.test_id.type', 'questions.test_id.type'],
  async run(ctx) {
    const auth = await sharedAuthenticated(ctx);
    if (!auth) return;
    const qa = await questionsAndAnswers(ctx, auth.record.token);
    if (!qa) return;
    ctx.expect(
      qa.questionnaire?.test_id === auth.record.test_id,
      `questionnaire test_id "${qa.questionnaire?.test_id}" equals the record's "${auth.record.test_id}"`,
      qa.exchange,
    );
  },
};
