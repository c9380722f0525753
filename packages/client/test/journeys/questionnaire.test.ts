import { describe, expect, it } from 'vitest';
import { createClient, getQuestionnaire } from '../../src/index.js';
import { example, exampleData } from '../helpers/examples.js';
import { fakeFetch } from '../helpers/fake-fetch.js';
import { preferExample, useMock } from '../helpers/mock.js';

const token = exampleData<{ token: string }>('RecordDetailAuthenticated').token;

describe('getQuestionnaire', () => {
  it.each([
    ['QuestionnaireJson', 'json'],
    ['QuestionnaireHtml', 'html'],
  ])('%s is told apart as %s', async (name, format) => {
    const { fetch } = fakeFetch(() => ({ body: example(name) }));
    const q = await getQuestionnaire(createClient({ baseUrl: 'http://tas.test', apiKey: 'k', fetch }), token);
    expect(q).toEqual({ format, ...exampleData<object>(name) });
    // The type narrows with the format: questions on one side, html on the other.
    if (q.format === 'json') expect(q.questions.length).toBeGreaterThan(0);
    else expect(q.html).toContain('<');
  });

  const mock = useMock();
  it.each([
    ['QuestionnaireJson', 'json'],
    ['QuestionnaireHtml', 'html'],
  ])('against the mock: %s is %s', async (name, format) => {
    const tas = createClient({ baseUrl: mock.url, apiKey: 'k', fetch: preferExample(name) });
    expect((await getQuestionnaire(tas, token)).format).toBe(format);
  });
});
