import { describe, expect, it } from 'vitest';
import { differences, parseJsonStream, variablesOf } from '../src/guide/walkthrough/answer.js';

describe('parseJsonStream reads what jq prints', () => {
  it.each([
    ['{"a":1}\n{"a":2}\n', [{ a: 1 }, { a: 2 }]],
    ['{\n  "a": "}{"\n}\n[1, "x\\"]"]', [{ a: '}{' }, [1, 'x"]']]],
    ['12345\n', [12345]],
    ['', []],
  ])('%j', (given, want) => expect(parseJsonStream(given)).toEqual(want));

  it('refuses text that is not JSON', () => expect(() => parseJsonStream('{"a":')).toThrow());
});

describe('differences between a shown answer and an actual one', () => {
  const vars = { RECORD: '3f1c2a9e-8b7d-4e61-9a0c-5d2e7f4b1a63' };
  it.each<[string, { shown: unknown; actual: unknown; want: number }]>([
    ['same values', { shown: { a: 1, b: [true] }, actual: { a: 1, b: [true] }, want: 0 }],
    ['a changed value', { shown: { a: 1 }, actual: { a: 2 }, want: 1 }],
    ['a field the page does not show', { shown: { a: 1 }, actual: { a: 1, b: 2 }, want: 1 }],
    ['a field the answer lacks', { shown: { a: 1, b: 2 }, actual: { a: 1 }, want: 1 }],
    ['one item more', { shown: [1], actual: [1, 2], want: 1 }],
    ['a variable that holds the value', { shown: '$RECORD', actual: vars.RECORD, want: 0 }],
    ['a variable that holds another value', { shown: '$RECORD', actual: 'x', want: 1 }],
    ['a variable the step did not set', { shown: '$DRAFT', actual: 'x', want: 1 }],
    ['a date-time', { shown: '<date-time>', actual: '2026-11-20T06:00:00.000Z', want: 0 }],
    ['not a date-time', { shown: '<date-time>', actual: 'soon', want: 1 }],
    ['a uuid', { shown: '<uuid>', actual: vars.RECORD, want: 0 }],
    ['an integer', { shown: '<integer>', actual: '36', want: 1 }],
    ['any text', { shown: '<case number>', actual: 'SBX-1', want: 0 }],
  ])('%s', (_, { shown, actual, want }) => expect(differences(shown, actual, vars)).toHaveLength(want));

  it('names the variables an answer refers to', () =>
    expect(variablesOf('{"token": "$RECORD", "code": "$CODE", "t": "$RECORD"}')).toEqual(['RECORD', 'CODE']));
});
