// @hey-api/openapi-ts: the instant journey with its SDK and bundled Fetch client.
import { createClient } from '../generated/hey-api/client';
import { authenticateRecord, getQuestions, getResult, listRecords, submitAnswers } from '../generated/hey-api/sdk.gen';
import type { JourneyInput, JourneyOutput } from '../src/types.js';
import { check, FREE_TEXT, type IsAny, MOBILE, PROFILE, TEST_ID } from './shared.js';

export async function journey({ baseUrl, apiKey }: JourneyInput): Promise<JourneyOutput> {
  const client = createClient({ baseUrl, headers: { 'API-KEY': apiKey } });

  const page = await listRecords({ client, query: { status: 2, auth_required: true }, throwOnError: true });
  let token = '';
  for (const record of page.data.data.results) {
    const testId = record.test_id;
    const _testId: IsAny<typeof testId> = false; // typed
    if (testId === TEST_ID) token = record.token;
  }
  check(token, `a ready ${TEST_ID} record`);

  const auth = await authenticateRecord({
    client,
    path: { token },
    body: { mobile: MOBILE, profile: PROFILE },
    throwOnError: true,
  });
  const completed = auth.data.data;
  check(completed.tests_auth_required === false, 'instant mode authenticates at once');
  const finishedYet = completed.record.is_finished;
  const _record: IsAny<typeof finishedYet> = false; // typed

  const questions = await getQuestions({ client, path: { token }, throwOnError: true });
  const questionnaire = questions.data.data;
  check(!('html' in questionnaire), 'a JSON questionnaire');
  const answers: (number | string)[] = [];
  for (const q of questionnaire.questions) {
    if (q.answer.text) answers.push(FREE_TEXT);
    else answers.push(q.answer.options[0]?.id ?? 0);
  }

  const submitted = await submitAnswers({ client, path: { token }, body: { record: answers }, throwOnError: true });
  check(submitted.data.data.is_finished, 'the record is finished');

  const result = await getResult({ client, path: { token }, throwOnError: true });
  let scores = 0;
  for (const score of result.data.data.scores) {
    const raw = score.raw;
    const _raw: IsAny<typeof raw> = false; // typed
    scores += 1;
  }
  return { token, scores };
}
