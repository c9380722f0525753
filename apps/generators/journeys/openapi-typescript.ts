// openapi-typescript + openapi-fetch: the instant journey with the generated `paths`.
import createClient from 'openapi-fetch';
import type { paths } from '../generated/openapi-typescript/schema';
import type { JourneyInput, JourneyOutput } from '../src/types.js';
import { check, FREE_TEXT, type IsAny, MOBILE, PROFILE, TEST_ID } from './shared.js';

export async function journey({ baseUrl, apiKey }: JourneyInput): Promise<JourneyOutput> {
  const client = createClient<paths>({ baseUrl, headers: { 'API-KEY': apiKey } });

  const page = await client.GET('/record/', { params: { query: { status: 2, auth_required: true } } });
  check(page.data, `the listing answers ${page.response.status}`);
  let token = '';
  for (const record of page.data.data.results) {
    const testId = record.test_id;
    const _testId: IsAny<typeof testId> = false; // typed
    if (testId === TEST_ID) token = record.token;
  }
  check(token, `a ready ${TEST_ID} record`);

  const auth = await client.POST('/record/{token}/auth/', {
    params: { path: { token } },
    body: { mobile: MOBILE, profile: PROFILE },
  });
  check(auth.data, `authentication answers ${auth.response.status}`);
  const completed = auth.data.data;
  check(completed.tests_auth_required === false, 'instant mode authenticates at once');
  const finishedYet = completed.record.is_finished;
  const _record: IsAny<typeof finishedYet> = false; // typed

  const questions = await client.GET('/record/{token}/questions/', { params: { path: { token } } });
  check(questions.data, `the questions answer ${questions.response.status}`);
  const questionnaire = questions.data.data;
  check(!('html' in questionnaire), 'a JSON questionnaire');
  const answers: (number | string)[] = [];
  for (const q of questionnaire.questions) {
    if (q.answer.text) answers.push(FREE_TEXT);
    else answers.push(q.answer.options[0]?.id ?? 0);
  }

  const submitted = await client.POST('/record/{token}/', { params: { path: { token } }, body: { record: answers } });
  check(submitted.data, `the answers answer ${submitted.response.status}`);
  check(submitted.data.data.is_finished, 'the record is finished');

  const result = await client.GET('/record/{token}/result/', { params: { path: { token } } });
  check(result.data, `the result answers ${result.response.status}`);
  let scores = 0;
  for (const score of result.data.data.scores) {
    const raw = score.raw;
    const _raw: IsAny<typeof raw> = false; // typed
    scores += 1;
  }
  return { token, scores };
}
