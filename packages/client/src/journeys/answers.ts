import type { TasClient } from '../client.js';
import { TasError } from '../errors.js';
import { basePath, freeTextAnswer } from '../generated/operations.js';
import type { AnswerValue, JsonQuestionnaire, TestRecord } from '../types.js';

/** The participant's choice for one question: the selected option's `id`, or the free text. */
export type Choice = number | string;

export interface AnswerIssue {
  /** Index into `questions` (or the choices, for a length mismatch). */
  index: number;
  /** The question's `num`, when there is such a question. */
  num?: string;
  problem: string;
}

/** The answers do not fit the questionnaire; nothing was sent. */
export class AnswersError extends TasError {
  override name = 'AnswersError';
  constructor(
    site: { operation: 'submitAnswers'; method: string; path: string },
    readonly issues: AnswerIssue[],
  ) {
    super('invalid_answers', site, `answers do not fit the questionnaire: ${issues.map(describe).join('; ')}`);
  }
}

function describe(issue: AnswerIssue): string {
  return `${issue.num === undefined ? `#${issue.index + 1}` : `question ${issue.num}`}: ${issue.problem}`;
}

/** Problems of the choices against the questionnaire; empty when they fit. */
export function checkAnswers(questionnaire: JsonQuestionnaire, choices: readonly Choice[]): AnswerIssue[] {
  const { questions } = questionnaire;
  const issues: AnswerIssue[] = [];
  if (choices.length !== questions.length)
    issues.push({
      index: Math.min(choices.length, questions.length),
      problem: `${choices.length} answers for ${questions.length} questions`,
    });
  questions.forEach((question, index) => {
    const choice = choices[index];
    if (choice === undefined) return;
    const { num, answer } = question;
    if (answer.text) {
      if (typeof choice !== 'string') issues.push({ index, num, problem: 'a free-text question takes a string' });
      else if (choice.trim().length < freeTextAnswer.minLength || choice.length > freeTextAnswer.maxLength)
        issues.push({
          index,
          num,
          problem: `free text must be ${freeTextAnswer.minLength} to ${freeTextAnswer.maxLength} characters`,
        });
      return;
    }
    const ids = answer.options.map((o) => o.id);
    if (typeof choice !== 'number' || !ids.includes(choice))
      issues.push({ index, num, problem: `${JSON.stringify(choice)} is not an option id (${ids.join(', ')})` });
  });
  return issues;
}

/** The `record` array for submitAnswers, in question order; throws AnswersError when it would not fit. */
export function buildAnswers(questionnaire: JsonQuestionnaire, choices: readonly Choice[], token = '{token}') {
  const issues = checkAnswers(questionnaire, choices);
  if (issues.length)
    throw new AnswersError(
      { operation: 'submitAnswers', method: 'POST', path: `${basePath}/record/${token}/` },
      issues,
    );
  return { record: [...choices] as AnswerValue[] };
}

/** Checks the choices against the questionnaire, then submits them; resolves to the finished record. */
export async function submitAnswers(
  tas: TasClient,
  token: string,
  questionnaire: JsonQuestionnaire,
  choices: readonly Choice[],
  options: { signal?: AbortSignal } = {},
): Promise<TestRecord> {
  const body = buildAnswers(questionnaire, choices, token);
  return tas.call('submitAnswers', { path: { token }, body, signal: options.signal });
}
