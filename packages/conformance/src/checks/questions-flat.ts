import type { Check } from '../check.js';
import { add, retype, revalue, stated, swap } from '../claims/make.js';
import { questionsAndAnswers } from '../journey/steps.js';
import { Q, S } from '../quotes.js';
import { AUTHENTICATED, sharedAuthenticated } from '../refusal/shared.js';

type Question = { num?: unknown; answer?: { text?: unknown; options?: unknown } };

/** The numbers of labels that are all whole numbers ("1", "2"), else undefined: other labels have no order to judge. */
function numbers(labels: unknown[]): number[] | undefined {
  const all = labels.map((l) => (typeof l === 'string' && /^\d+$/.test(l) ? Number(l) : undefined));
  return all.every((n) => n !== undefined) ? (all as number[]) : undefined;
}

/** Where a list of numbers first goes down, as `a then b`; undefined when it only ascends. */
function firstDescent(ns: number[]): string | undefined {
  const i = ns.findIndex((n, k) => k > 0 && n <= (ns[k - 1] as number));
  return i > 0 ? `${ns[i - 1]} then ${ns[i]}` : undefined;
}

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
    stated(
      'questions.order',
      S.getRecordTokenQuestions,
      Q.flat,
      'in display order: questions numbered `num` 1, 2, … come in that order',
      [swap('getQuestions', '/data/questions/*')],
    ),
    stated(
      'option.num.order',
      S.optionObject,
      Q.optionFields,
      "a question's options come in the order of their `num`",
      [swap('getQuestions', '/data/questions/*/answer/options/*')],
    ),
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
    // "in display order": a list numbered by whole numbers comes in their order ("`num` … Display order label").
    const questionOrder = firstDescent(numbers((questions as Question[]).map((q) => q?.num)) ?? []);
    ctx.expect(
      questionOrder === undefined,
      `questions are in display order: their num go ${questionOrder} (a question numbered lower comes later)`,
      qa.exchange,
      false,
    );
    const optionsOutOfOrder = choice
      .map((q) => firstDescent(numbers((options(q) ?? []).map((o) => (o as { num?: unknown })?.num)) ?? []))
      .filter((d) => d !== undefined);
    ctx.expect(
      optionsOutOfOrder.length === 0,
      `options are in display order by their num: ${optionsOutOfOrder.length} questions list them out of order (${optionsOutOfOrder[0]})`,
      qa.exchange,
      false,
    );
  },
};
