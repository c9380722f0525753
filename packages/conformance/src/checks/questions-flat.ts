import type { Check } from '../check.js';
import { add, retype, revalue, stated } from '../claims/make.js';
import { questionsAndAnswers } from '../journey/steps.js';
import { Q, S } from '../quotes.js';
import { AUTHENTICATED, sharedAuthenticated } from '../refusal/shared.js';

type Question = { answer?: { text?: unknown; options?: unknown } };

export const questionsFlat: Check = {
  id: 'questions-flat',
  title: 'A JSON questionnaire is a flat array of questions in display order, without a sections wrapper',
  statement:
    'GET /record/{token}/questions/: questions are a flat array in display order; there is no sections wrapper',
  kind: 'journey',
  basis: [],
  shares: [AUTHENTICATED],
  requests: 1,
  claims: [
    stated('answer.text.false', S.question, Q.aText, '`false`: the participant selects one of `answer.options`', [
      revalue('getQuestions', '/data/questions/*/answer/options', {
        value: [],
        when: ['/data/questions/*/answer/text', false],
      }),
    ]),
    stated('answer.text.true', S.question, Q.aText, '`true`: free text, no options', [
      add(
        'getQuestions',
        '/data/questions/*/answer/options',
        [{ id: 1, num: '1', text: 'x', audio: null, image: null }],
        { when: ['/data/questions/*/answer/text', true] },
      ),
    ]),
    stated('questions.flat', S.getRecordTokenQuestions, Q.flat, 'a flat array, no sections wrapper', [
      revalue('getQuestions', '/data/questions', { value: [{ title: 'part 1', questions: [] }] }),
    ]),
    stated('questions.questions', S.getRecordTokenQuestions, Q.jsonQuestionnaire, '`questions` an array', [
      retype('getQuestions', '/data/questions'),
    ]),
  ],
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
    // "`true`: free-text answer, no options. `false`: participant selects one of `answer.options`."
    const options = (q: Question) => (Array.isArray(q.answer?.options) ? (q.answer?.options as unknown[]) : undefined);
    const choice = (questions as Question[]).filter((q) => q?.answer?.text === false);
    const free = (questions as Question[]).filter((q) => q?.answer?.text === true);
    const none = choice.filter((q) => !options(q)?.length).length;
    const offered = free.filter((q) => (options(q)?.length ?? 0) > 0).length;
    ctx.expect(
      none === 0,
      `answer.text false: the participant selects one of answer.options (${none} offer none)`,
      qa.exchange,
      false,
    );
    ctx.expect(offered === 0, `answer.text true: free text, no options (${offered} offer some)`, qa.exchange, false);
  },
};
