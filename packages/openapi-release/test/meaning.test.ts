import { describe, expect, it } from 'vitest';
import { sameMeaning } from '../src/meaning.js';

// Two schemas, each in its own small document, accept the same values or not.
const doc = (schemas: Record<string, unknown>) => ({ components: { schemas } });
const uuid = { type: 'string', format: 'uuid' };
const cases: [string, { given: [unknown, unknown]; docs?: [unknown, unknown]; want: boolean }][] = [
  [
    'a description changed',
    {
      given: [
        { ...uuid, description: 'a' },
        { ...uuid, description: 'b' },
      ],
      want: true,
    },
  ],
  ['required in another order', { given: [{ required: ['a', 'b'] }, { required: ['b', 'a'] }], want: true }],
  ['maxLength 36 beside uuid', { given: [{ ...uuid, maxLength: 36 }, uuid], want: true }],
  ['maxLength 20 beside uuid', { given: [{ ...uuid, maxLength: 20 }, uuid], want: false }],
  [
    'a $ref to the same schema under another name',
    {
      given: [{ $ref: '#/components/schemas/Record' }, { $ref: '#/components/schemas/TestRecord' }],
      docs: [doc({ Record: uuid }), doc({ TestRecord: uuid })],
      want: true,
    },
  ],
  [
    'allOf folded into one object',
    {
      given: [
        {
          allOf: [
            { type: 'object', properties: { a: {} } },
            { properties: { a: uuid }, required: ['a'] },
          ],
        },
        { type: 'object', properties: { a: uuid }, required: ['a'] },
      ],
      want: true,
    },
  ],
  [
    'allOf whose member closes its properties (not folded)',
    {
      given: [
        { allOf: [{ properties: { a: uuid }, additionalProperties: false }, { properties: { b: uuid } }] },
        { properties: { a: uuid, b: uuid }, additionalProperties: false },
      ],
      want: false,
    },
  ],
  [
    'allOf whose members disagree',
    { given: [{ allOf: [{ type: 'string' }, { type: 'integer' }] }, { type: 'string' }], want: false },
  ],
  ['a const dropped', { given: [{ type: 'boolean', const: true }, { type: 'boolean' }], want: false }],
];

describe('sameMeaning', () => {
  it.each(cases)('%s', (_, { given: [a, b], docs = [{}, {}], want }) => {
    expect(sameMeaning({ doc: docs[0], schema: a }, { doc: docs[1], schema: b })).toBe(want);
  });
});
