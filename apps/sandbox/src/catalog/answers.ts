import type { components } from '../generated/api.js';
import { questionsCount } from './tests.js';
import type { TestDefinition } from './types.js';

/** One answer of a record (the description's AnswerValue). */
export type Answer = components['schemas']['AnswerValue'];
export interface AnswerProblem {
  text: string;
  field: string;
}
/** One scale's score of a result (the description's Score). */
export type Score = components['schemas']['Score'];

/**
 * Per-test rules the schema cannot know: the length, each option question's ids, free text where
 * the question asks for it, and the HTML form's integer range. Returns the first problem, if any.
 */
export function checkAnswers(test: TestDefinition, answers: Answer[]): AnswerProblem | undefined {
  const expected = questionsCount(test);
  if (answers.length !== expected)
    return { text: `record must have exactly ${expected} entries; got ${answers.length}.`, field: '/record' };
  const q = test.questionnaire;
  for (const [i, answer] of answers.entries()) {
    const field = `/record/${i}`;
    if (q.kind === 'html') {
      if (typeof answer !== 'number' || answer < q.min || answer > q.max)
        return { text: `record[${i}] must be an integer from ${q.min} to ${q.max}.`, field };
      continue;
    }
    const question = q.questions[i];
    if (!question) return { text: `record[${i}] has no question.`, field };
    if (question.answer.text) {
      if (typeof answer !== 'string' || answer.trim() === '')
        return { text: `record[${i}] answers a free-text question: send the participant's text.`, field };
      continue;
    }
    const ids = question.answer.options.map((o) => o.id);
    if (typeof answer !== 'number' || !ids.includes(answer))
      return { text: `record[${i}] must be one of the option ids ${ids.join(', ')}.`, field };
  }
  return undefined;
}

/** Scores checked answers: an option is worth its position (0 for the first); the HTML form counts right answers. */
export function score(test: TestDefinition, answers: Answer[]): Score[] {
  const q = test.questionnaire;
  const points = (i: number): [number, number] => {
    if (q.kind === 'html') return [answers[i] === q.key[i] ? 1 : 0, 1];
    const question = q.questions[i];
    if (!question || question.answer.text) return [0, 0];
    const options = question.answer.options;
    return [
      Math.max(
        0,
        options.findIndex((o) => o.id === answers[i]),
      ),
      options.length - 1,
    ];
  };
  return test.scales.map((scale) => {
    const pairs = scale.questions.map(points);
    return {
      key: scale.key,
      title: scale.title,
      raw: pairs.reduce((sum, [raw]) => sum + raw, 0),
      max: pairs.reduce((sum, [, max]) => sum + max, 0),
    };
  });
}

/** A valid set of answers (the first option, or a short text): for seeded and control-made finished records. */
export function sampleAnswers(test: TestDefinition): Answer[] {
  const q = test.questionnaire;
  if (q.kind === 'html') return [...q.key];
  return q.questions.map((question) => (question.answer.text ? 'پاسخ نمونه' : (question.answer.options[0]?.id ?? 0)));
}
