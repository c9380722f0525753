import { readFileSync } from 'node:fs';
import { createValidator, listOperations, loadDescription } from '@tas/openapi';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { call, TOKEN, useMock } from './helpers.js';

const description = loadDescription();
const validator = createValidator(description);
const operations = listOperations(description);
const mock = useMock();
const profile = { name: 'علی رضایی', birth: '1990-04-21', is_male: true };

interface Given {
  operationId: string;
  path: string;
  method?: string;
  body?: unknown;
  prefer: string;
}

// A Prefer the operation cannot honour: a 400 naming the header, the operation and what it has.
const cases: [string, Given, string][] = [
  [
    'an example of another operation',
    { operationId: 'getRecord', path: `/api/v2/record/${TOKEN}/`, prefer: 'code=409, example=ErrorRoadmapRecord' },
    'code=409 is not one of its statuses',
  ],
  [
    'an example of another operation, with a status it has',
    { operationId: 'getRecord', path: `/api/v2/record/${TOKEN}/`, prefer: 'code=200, example=ErrorRoadmapRecord' },
    'example=ErrorRoadmapRecord is not an example of its 200 answer',
  ],
  [
    'an unknown example',
    { operationId: 'getRecord', path: `/api/v2/record/${TOKEN}/`, prefer: 'example=NoSuchExample' },
    'example=NoSuchExample is not one of its examples',
  ],
  [
    'an error example without its code',
    { operationId: 'getRecord', path: `/api/v2/record/${TOKEN}/`, prefer: 'example=ErrorRecordNotFound' },
    'send Prefer: code=404, example=ErrorRecordNotFound',
  ],
  [
    "an example under another of the operation's statuses",
    { operationId: 'getRecord', path: `/api/v2/record/${TOKEN}/`, prefer: 'code=404, example=RecordDetailReady' },
    'it is a 200 answer: code=200',
  ],
  [
    'a status the operation does not define',
    { operationId: 'listRecords', path: '/api/v2/record/', prefer: 'code=418' },
    'code=418 is not one of its statuses',
  ],
  [
    'a status that is not a number',
    { operationId: 'listRecords', path: '/api/v2/record/', prefer: 'code=abc' },
    'code=abc is not one of its statuses',
  ],
  [
    'dynamic neither true nor false',
    { operationId: 'listRecords', path: '/api/v2/record/', prefer: 'dynamic=maybe' },
    'dynamic=maybe is neither true nor false',
  ],
  [
    'a valid body with an example of the roadmap call',
    {
      operationId: 'authenticateRecord',
      path: `/api/v2/record/${TOKEN}/auth/`,
      method: 'POST',
      body: { mobile: '09121234567', profile },
      prefer: 'code=400, example=ErrorDraftExpired',
    },
    'example=ErrorDraftExpired is not an example of its 400 answer',
  ],
  // Names looked up as the description's own keys: a built-in property of JavaScript objects is none.
  ...['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'].flatMap(
    (name): [string, Given, string][] => [
      [
        `example=${name}, a built-in property name`,
        { operationId: 'getRecord', path: `/api/v2/record/${TOKEN}/`, prefer: `code=200, example=${name}` },
        `example=${name} is not an example of its 200 answer`,
      ],
      [
        `code=${name}, a built-in property name`,
        { operationId: 'getRecord', path: `/api/v2/record/${TOKEN}/`, prefer: `code=${name}` },
        `code=${name} is not one of its statuses`,
      ],
    ],
  ),
  [
    'an example name without example=',
    { operationId: 'getRecord', path: `/api/v2/record/${TOKEN}/`, prefer: 'RecordDetailFinished' },
    '"RecordDetailFinished" is not a preference the mock reads',
  ],
  [
    'a preference of another server',
    { operationId: 'listRecords', path: '/api/v2/record/', prefer: 'return=minimal' },
    '"return=minimal" is not a preference the mock reads',
  ],
];

describe('a Prefer the operation cannot honour', () => {
  it.each(cases)('%s: 400 naming the header, the operation, its codes and examples', async (_, given, problem) => {
    const res = await call(mock.url, {
      method: given.method,
      path: given.path,
      body: given.body,
      headers: { Prefer: given.prefer },
    });
    expect(res.status).toBe(400);
    expect(validator.validateSchema('ErrorEnvelope', res.json).issues).toEqual([]);
    const [message] = res.json.messages;
    expect(message.code).toBe('invalid_prefer');
    expect(message.text).toMatch(/^Prefer on /);
    expect(message.text).toContain(problem);
    const op = operations.find((o) => o.operationId === given.operationId);
    if (!op) throw new Error(`no operation ${given.operationId}`);
    expect(message.text).toContain(`${op.operationId} (${op.method.toUpperCase()} /api/v2${op.path})`);
    for (const [status, response] of Object.entries(op.responses)) {
      const names = Object.keys(response.examples);
      expect(message.text).toContain(names.length ? `${status} (${names.join(', ')})` : status);
    }
    expect(message.text).not.toMatch(/stoplight|prism|exampleKey/i);
  });
});

describe('a Prefer it can honour still answers', () => {
  const honoured: [string, string, number, string | undefined][] = [
    ['a success example by name', 'example=RecordDetailFinished', 200, undefined],
    ['an error by code and name', 'code=404, example=ErrorRecordNotFound', 404, 'not_found'],
    ['an error by code only', 'code=404', 404, 'not_found'],
    ['quoted values, other spacing and case', 'Code="404",  Example=ErrorRecordNotFound', 404, 'not_found'],
  ];
  it.each(honoured)('%s', async (_, prefer, status, code) => {
    const res = await call(mock.url, { path: `/api/v2/record/${TOKEN}/`, headers: { Prefer: prefer } });
    expect(res.status).toBe(status);
    if (code) expect(res.json.messages[0].code).toBe(code);
  });

  it('an invalid request gets its own 400 first, whatever Prefer asks', async () => {
    const res = await call(mock.url, { path: '/api/v2/record/not-a-uuid/', headers: { Prefer: 'code=418' } });
    expect([res.status, res.json.messages[0].code]).toEqual([400, 'invalid_parameter']);
  });
});

it("the README's example answer is the mock's answer to that Prefer", async () => {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  const shown = JSON.parse(/```json\n(.*invalid_prefer.*)\n```/.exec(readme)?.[1] ?? '{}');
  const prefer = /Prefer on getRecord \(GET [^)]+\): (code=\d+)/.exec(shown.messages[0].text)?.[1] ?? '';
  const res = await call(mock.url, { path: `/api/v2/record/${TOKEN}/`, headers: { Prefer: prefer } });
  expect(res.json).toEqual(shown);
});

it('any Prefer header, built-in property names among its parts, is answered below 500 in the envelope', async () => {
  const names = fc.constantFrom('code', 'example', 'dynamic', 'Code', '__proto__', 'constructor', 'prototype', 'x');
  const values = fc.oneof(
    fc.constantFrom('200', '404', '__proto__', 'constructor', 'toString', 'RecordDetailReady', 'true', ''),
    fc.string({ maxLength: 12 }),
  );
  const part = fc.oneof(
    fc.tuple(names, values).map(([n, v]) => `${n}=${v}`),
    names,
    fc.string({ maxLength: 12 }),
  );
  const header = fc
    .array(part, { minLength: 1, maxLength: 4 })
    .map((parts) => parts.join(', ').replace(/[\r\n\0]/g, ''));
  await fc.assert(
    fc.asyncProperty(header, async (prefer) => {
      const res = await call(mock.url, { path: `/api/v2/record/${TOKEN}/`, headers: { Prefer: prefer } });
      expect(res.status, prefer).toBeLessThan(500);
      expect(validator.validateSchema(res.status < 300 ? 'Envelope' : 'ErrorEnvelope', res.json).issues).toEqual([]);
    }),
    { numRuns: 150 },
  );
});
