// The journeys answer any JSON questionnaire a deployment sends, read as the description types it.
import { describe, expect, it } from 'vitest';
import { answersFor } from '../src/journey/answers.js';

const choice = (id: unknown) => ({ num: '1', question: { text: 'q' }, answer: { text: false, options: [{ id }] } });
const text = { num: '2', question: { text: 'q' }, answer: { text: true } };

describe('answersFor', () => {
  it.each([
    ['a choice and a text question', { test_id: 7, questions: [choice(201), text] }, [201, 'پاسخ آزمایشی']],
    ['an option id that is no number', { test_id: 7, questions: [choice('201')] }, [0]],
    ['a choice question without options', { test_id: 7, questions: [{ answer: { text: false } }] }, [0]],
    ['a question without its answer', { test_id: 7, questions: [{ num: '1' }] }, [0]],
    ['no questions', { test_id: 7, questions: [] }, []],
    ['an HTML questionnaire', { html: '<form></form>' }, undefined],
    ['questions that are no list: none answered, the checks judge the shape', { questions: 'none' }, []],
    ['questions null', { test_id: 7, questions: null }, undefined],
    ['no data', undefined, undefined],
  ])('%s', (_, questionnaire, expected) => {
    expect(answersFor(questionnaire as never)).toEqual(expected);
  });
});
