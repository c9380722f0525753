import type { Check } from '../check.js';
import { AUTHENTICATED, sharedAuthenticated } from '../journey/shared.js';
import { questionsAndAnswers } from '../journey/steps.js';

export const questionsFlat: Check = {
  id: 'questions-flat',
  title: 'A JSON questionnaire is a flat array of questions in display order, without a sections wrapper',
  statement:
    'GET /record/{token}/questions/: questions are a flat array in display order; there is no sections wrapper',
  kind: 'journey',
  basis: [],
  shares: [AUTHENTICATED],
  requests: 1,
  async run(ctx) {
    const auth = await sharedAuthenticated(ctx);
    if (!auth) return;
    const qa = await questionsAndAnswers(ctx, auth.record.token);
    if (!qa) return;
    const data = qa.questionnaire as unknown as Record<string, unknown>;
    const questions = data.questions as Record<string, unknown>[] | undefined;
    ctx.expect(!('sections' in data), 'the questionnaire has no sections wrapper', qa.exchange, false);
    if (!ctx.expect(Array.isArray(questions), 'questions is an array', qa.exchange, false) || !questions) return;
    const nested = questions.filter((q) => !q || typeof q !== 'object' || 'questions' in q || !('answer' in q));
    ctx.expect(
      nested.length === 0,
      `every entry of questions is a question (num, question, answer), none a group (${nested.length} are not)`,
      qa.exchange,
      false,
    );
  },
};
