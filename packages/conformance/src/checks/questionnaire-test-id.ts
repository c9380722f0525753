import type { Check } from '../check.js';
import { questionsAndAnswers } from '../journey/steps.js';
import { AUTHENTICATED, sharedAuthenticated } from '../refusal/shared.js';

export const questionnaireTestId: Check = {
  id: 'questionnaire-test-id',
  title: "An authenticated record serves its questionnaire, whose test_id equals the record's",
  statement: "GET /record/{token}/questions/: JSON questionnaire test_id equals the record's test_id",
  kind: 'journey',
  basis: [],
  shares: [AUTHENTICATED],
  requests: 1,
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
