// orval (fetch client): the instant journey; the address comes from process.env.TAS_BASE_URL.
import { authenticateRecord } from '../generated/orval/authentication/authentication';
import { RecordStatus } from '../generated/orval/model';
import { getQuestions, submitAnswers } from '../generated/orval/questionnaires/questionnaires';
import { listRecords } from '../generated/orval/records/records';
import { getResult } from '../generated/orval/results/results';
import type { JourneyInput, JourneyOutput } from '../src/types.js';
import { check, FREE_TEXT, type IsAny, MOBILE, PROFILE, TEST_ID } from './shared.js';

export async function journey({ baseUrl, apiKey }: JourneyInput): Promise<JourneyOutput> {
  process.env.TAS_BASE_URL = baseUrl;
  const options = { headers: { 'API-KEY': apiKey } };

  const page = await listRecords({ status: RecordStatus.READY, auth_required: true }, options);
  check(page.status === 200, `the listing answers ${page.status}`);
  let token = '';
  for (const record of page.data.data.results) {
    const testId = record.test_id;
    const _testId: IsAny<typeof testId> = false; // typed
    if (testId === TEST_ID) token = record.token;
  }
  check(token, `a ready ${TEST_ID} record`);

  const auth = await authenticateRecord(token, { mobile: MOBILE, profile: PROFILE }, options);
  check(auth.status === 200, `authentication answers ${auth.status}`);
  const completed = auth.data.data;
  check(completed.tests_auth_required === false, 'instant mode authenticates at once');
  const finishedYet = completed.record.is_finished;
  const _record: IsAny<typeof finishedYet> = false; // typed

  const questions = await getQuestions(token, options);
  check(questions.status === 200, `the questions answer ${questions.status}`);
  const questionnaire = questions.data.data;
  check(!('html' in questionnaire), 'a JSON questionnaire');
  const answers: (number | string)[] = [];
  for (const q of questionnaire.questions) {
    if (q.answer.text) answers.push(FREE_TEXT);
    else answers.push(q.answer.options[0]?.id ?? 0);
  }

  const submitted = await submitAnswers(token, { record: answers }, options);
  check(submitted.status === 200, `the answers answer ${submitted.status}`);
  check(submitted.data.data.is_finished, 'the record is finished');

  const result = await getResult(token, options);
  check(result.status === 200, `the result answers ${result.status}`);
  let scores = 0;
  for (const score of result.data.data.scores) {
    const raw = score.raw;
    const _raw: IsAny<typeof raw> = false; // typed
    scores += 1;
  }
  return { token, scores };
}
