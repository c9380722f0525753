import type { Check } from '../check.js';
import { accept, stated } from '../claims/make.js';
import { Q, S } from '../quotes.js';
import { type Held, heldKey, setupOf } from '../refusal/resources.js';
import { type RefusalCase, sendRefusals } from '../refusal/send.js';

interface Question {
  answer: { text: boolean; options?: { id: number; text?: string }[] };
}

/** The answers with entry `at` replaced, or undefined when the test has no question of that kind. */
type Breaker = (answers: unknown[], questions: Question[]) => unknown[] | undefined;

const replaced = (answers: unknown[], at: number, value: unknown) => answers.map((a, i) => (i === at ? value : a));
const optionAt = (qs: Question[]) => qs.findIndex((q) => !q.answer.text && q.answer.options?.length);

const CASES: [label: string, breaker: Breaker][] = [
  [
    'an option id the question does not offer',
    (answers, qs) => {
      const at = optionAt(qs);
      if (at < 0) return undefined;
      const own = (qs[at]?.answer.options ?? []).map((o) => o.id);
      // Another question's id where there is one (a server that checks only "some id of the test"), else past them all.
      const all = qs.flatMap((q) => (q.answer.options ?? []).map((o) => o.id));
      const id = all.find((i) => !own.includes(i)) ?? Math.max(...all) + 1000;
      return replaced(answers, at, id);
    },
  ],
  [
    "a string (the option's label) for an option question",
    (answers, qs) => {
      const at = optionAt(qs);
      return at < 0 ? undefined : replaced(answers, at, qs[at]?.answer.options?.[0]?.text || 'گزینه');
    },
  ],
  [
    'a number for a free-text question',
    (answers, qs) => {
      const at = qs.findIndex((q) => q.answer.text);
      return at < 0 ? undefined : replaced(answers, at, 1);
    },
  ],
];

export const submitInvalidValues: Check = {
  id: 'submit-invalid-values',
  title:
    'Answers with an option id the question does not offer, a string for an option question, a number for a free-text question: refused, the record stays authenticated and unfinished',
  statement:
    "POST /record/{token}/: an option question's entry is the selected option's id, a free-text one's the participant's string; allowed values validated per test",
  kind: 'journey',
  basis: ['submitAnswers 400'],
  // The authenticated record the answers' body constraints are refused on.
  shares: [heldKey('submitAnswers')],
  requests: 4,
  claims: [
    stated('submit.values', S.postRecordTokenSubmitAnswers, Q.validatedPerTest, 'allowed values validated per test', [
      accept('submitAnswers', ['invalid_answers']),
    ]),
    stated(
      'submit.option',
      S.postRecordTokenSubmitAnswers,
      Q.optionEntry,
      "an option question's entry is an offered option's `id`",
      [accept('submitAnswers', ['invalid_answers'], { bodyHas: '"record":[' })],
    ),
  ],
  judges: ['limit.answers.submit'],
  async run(ctx) {
    const questionsOf = (held?: Held) => (held?.questionnaire as { questions?: Question[] } | undefined)?.questions;
    const first = await ctx.hold<Held>(heldKey('submitAnswers'), async () => setupOf('submitAnswers')?.make(ctx));
    if (!first) return;
    const known = questionsOf(first) ?? [];
    const cases: RefusalCase[] = CASES.filter(([, breaker]) => breaker([], known) !== undefined).map(
      ([label, breaker]) => ({
        label,
        request: (valid, held) => {
          const answers = (valid.record as unknown[]) ?? [];
          // A fresh record of another test without such a question: an empty record, refused as well.
          return { body: { record: breaker(answers, questionsOf(held) ?? []) ?? [] } };
        },
        judge: (exchange) => ctx.expectRefused(exchange, 400, label),
      }),
    );
    await sendRefusals(ctx, 'submitAnswers', cases);
  },
};
