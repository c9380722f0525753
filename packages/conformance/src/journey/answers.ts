import type { Schemas, Unchecked } from '../described.js';

type Question = Unchecked<Schemas['Question']>;

/** The first option's id of a choice question, when the deployment sent one that is a number. */
function firstOptionId(question: Question): number | undefined {
  const answer = question?.answer as Unchecked<Schemas['ChoiceAnswer']>;
  const options = answer?.options;
  const id = Array.isArray(options) ? (options[0] as Unchecked<Schemas['Option']>)?.id : undefined;
  return typeof id === 'number' ? id : undefined;
}

/**
 * One valid answer per question: the first option's id, or a short text (`answer.text` is `true`).
 * Undefined for an HTML questionnaire, which has no `questions`. Questions that are no list get no
 * answers: the checks that read the questionnaire judge its shape (questions-flat fails on it).
 */
export function answersFor(
  questionnaire: Unchecked<Schemas['Questionnaire']> | undefined,
): (number | string)[] | undefined {
  const questions = (questionnaire as Unchecked<Schemas['JsonQuestionnaire']>)?.questions;
  if (questions === undefined || questions === null) return undefined;
  if (!Array.isArray(questions)) return [];
  return questions.map((question: Question) =>
    question?.answer?.text === true ? 'پاسخ آزمایشی' : (firstOptionId(question) ?? 0),
  );
}
