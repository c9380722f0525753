import type { TasClient } from '../client.js';
import type { HtmlQuestionnaire, JsonQuestionnaire } from '../types.js';

/** A questionnaire told apart by `format`: JSON questions to render, or an HTML form to embed. */
export type Questionnaire = (JsonQuestionnaire & { format: 'json' }) | (HtmlQuestionnaire & { format: 'html' });

/** Fetches the questionnaire of an authenticated record. */
export async function getQuestionnaire(
  tas: TasClient,
  token: string,
  options: { signal?: AbortSignal } = {},
): Promise<Questionnaire> {
  const data = await tas.call('getQuestions', { path: { token }, signal: options.signal });
  return 'questions' in data ? { format: 'json', ...data } : { format: 'html', ...data };
}
