import { describe, expect, it } from 'vitest';
import {
  AnswersError,
  buildAnswers,
  type Choice,
  checkAnswers,
  createClient,
  type JsonQuestionnaire,
  submitAnswers,
} from '../../src/index.js';
import { example, exampleData } from '../helpers/examples.js';
import { fakeFetch } from '../helpers/fake-fetch.js';
import { useMock } from '../helpers/mock.js';

// Two option questions (ids 101-104, 201-202) and one free-text question.
const questionnaire = exampleData<JsonQuestionnaire>('QuestionnaireJson');
const token = exampleData<{ token: string }>('RecordDetailAuthenticated').token;
const long = 'x'.repeat(5001);

describe('buildAnswers', () => {
  it('builds the record array in question order', () => {
    expect(buildAnswers(questionnaire, [102, 201, 'معلم'])).toEqual({ record: [102, 201, 'معلم'] });
  });

  it.each<[string, Choice[], string]>([
    ['too few answers', [102, 201], '2 answers for 3 questions'],
    ['too many answers', [102, 201, 'x', 'y'], '4 answers for 3 questions'],
    ['an id of another question', [201, 201, 'x'], 'question 1: 201 is not an option id (101, 102, 103, 104)'],
    ['an option text instead of its id', ['موافقم', 201, 'x'], 'question 1: "موافقم" is not an option id'],
    ['a number for free text', [101, 201, 7], 'question 3: a free-text question takes a string'],
    ['empty free text', [101, 201, '  '], 'question 3: free text must be 1 to 5000 characters'],
    ['free text too long', [101, 201, long], 'question 3: free text must be 1 to 5000 characters'],
  ])('refuses %s', (_name, choices, problem) => {
    const error = (() => {
      try {
        buildAnswers(questionnaire, choices);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(AnswersError);
    expect(error).toMatchObject({ kind: 'invalid_answers', operation: 'submitAnswers' });
    expect((error as Error).message).toContain(problem);
    expect(checkAnswers(questionnaire, choices)).toHaveLength((error as AnswersError).issues.length);
  });

  it('the 195-question example fits a 195 yes/no questionnaire', () => {
    const { record } = example<{ record: number[] }>('SubmitAnswers195');
    const yesNo = questionnaire.questions[0] as JsonQuestionnaire['questions'][number];
    const options = [0, 1].map((id) => ({ id, num: String(id + 1), text: String(id), audio: null, image: null }));
    const q195 = {
      ...questionnaire,
      questions: record.map(() => ({ ...yesNo, answer: { text: false as const, options } })),
    };
    expect(buildAnswers(q195, record).record).toHaveLength(195);
  });
});

describe('submitAnswers', () => {
  it('sends nothing when the answers do not fit', async () => {
    const { fetch, sent } = fakeFetch(() => ({ body: example('RecordFinished') }));
    const tas = createClient({ baseUrl: 'http://tas.test', apiKey: 'k', fetch });
    await expect(submitAnswers(tas, token, questionnaire, [999, 201, 'x'])).rejects.toBeInstanceOf(AnswersError);
    expect(sent).toHaveLength(0);
  });

  const mock = useMock();
  it('against the mock: the finished record', async () => {
    const tas = createClient({ baseUrl: mock.url, apiKey: 'k' });
    const record = await submitAnswers(tas, token, questionnaire, [102, 201, 'معلم']);
    expect(record.is_finished).toBe(true);
  });
});
