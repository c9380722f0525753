import { createValidator, listAssumptions, listOperations, loadDescription } from '@tas/openapi';
import { describe, expect, it } from 'vitest';
import { responseRules } from '../../src/responses/index.js';
import type { Exchange } from '../../src/types.js';

const doc = loadDescription();
const env = { doc, validator: createValidator(doc), assumptions: listAssumptions(doc) };
const operations = listOperations(doc);
const getRecord = operations.find((o) => o.operationId === 'getRecord');
const example = (getRecord?.responses['200']?.examples.RecordDetailReady ?? {}) as { data: Record<string, unknown> };

function exchange(
  status: number,
  body: unknown,
  headers: Record<string, string> = { 'content-type': 'application/json' },
): Exchange {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {}
  return {
    request: { method: 'GET', url: 'http://x/api/v2/record/t/', key: 'main', headers: {} },
    response: { status, headers, text, json },
    operationId: 'getRecord',
  };
}

const error = { data: {}, successful: false, messages: [{ code: 'not_found', text: 'No such record.' }] };

const flagged = (ex: Exchange) =>
  responseRules.flatMap((rule) =>
    rule.verify(ex, { ...env, operation: getRecord }).map((f) => ({ rule: rule.id, assumed: f.assumed })),
  );

describe('response rules', () => {
  it.each([
    ['the example itself', exchange(200, example), []],
    ['a documented 404 error', exchange(404, error), []],
    ['a 500', exchange(500, error), [{ rule: 'response.no-5xx', assumed: false }]],
    // getRecord's errors are "not shown" in the interface: another status is the description's choice.
    ['an undocumented 403', exchange(403, error), [{ rule: 'response.documented-status', assumed: true }]],
    [
      'a JSON body sent as text/plain',
      exchange(404, error, { 'content-type': 'text/plain' }),
      [{ rule: 'response.content-type', assumed: true }],
    ],
    [
      'an HTML page',
      exchange(404, '<html><body>Not Found</body></html>', { 'content-type': 'text/html' }),
      [{ rule: 'response.content-type', assumed: false }],
    ],
    [
      'messages as plain strings (their shape is not shown)',
      exchange(404, { ...error, messages: ['No such record.'] }),
      [
        { rule: 'response.envelope', assumed: true },
        { rule: 'response.schema', assumed: true },
      ],
    ],
    [
      'messages not an array (stated)',
      exchange(404, { ...error, messages: 'No such record.' }),
      [
        { rule: 'response.envelope', assumed: false },
        { rule: 'response.schema', assumed: true },
      ],
    ],
    [
      'successful: true on a 404',
      exchange(404, { ...error, successful: true }),
      [
        { rule: 'response.envelope', assumed: false },
        { rule: 'response.schema', assumed: true },
      ],
    ],
    [
      'fields the interface does not show, added',
      exchange(200, { ...example, data: { ...example.data, branch: 'north', extra: { a: 1 } } }),
      [],
    ],
    [
      'a test_title longer than the description allows (an assumed bound)',
      exchange(200, { ...example, data: { ...example.data, test_title: 'x'.repeat(201) } }),
      [{ rule: 'response.schema', assumed: true }],
    ],
    [
      "role -1 (below RoleId's minimum, an assumed bound, through oneOf)",
      exchange(200, { ...example, data: { ...example.data, role: -1 } }),
      [
        { rule: 'response.schema', assumed: true },
        { rule: 'response.schema', assumed: true },
        { rule: 'response.schema', assumed: true },
      ],
    ],
    [
      'role as a string (a stated type, through oneOf)',
      exchange(200, { ...example, data: { ...example.data, role: 'x' } }),
      [
        { rule: 'response.schema', assumed: false },
        { rule: 'response.schema', assumed: false },
        { rule: 'response.schema', assumed: false },
      ],
    ],
    ['a body that is not JSON', exchange(404, 'oops'), [{ rule: 'response.content-type', assumed: false }]],
    [
      'no messages',
      exchange(200, { data: example.data, successful: true }),
      [
        { rule: 'response.envelope', assumed: false },
        { rule: 'response.schema', assumed: false },
      ],
    ],
    [
      'status as a string (stated field)',
      exchange(200, { ...example, data: { ...example.data, status: '2' } }),
      [
        { rule: 'response.schema', assumed: false },
        { rule: 'response.schema', assumed: false },
      ],
    ],
    [
      'test.title as a number (assumed type)',
      exchange(200, { ...example, data: { ...example.data, test: { ...(example.data.test as object), title: 5 } } }),
      [{ rule: 'response.schema', assumed: true }],
    ],
    [
      'a 429 without Retry-After',
      exchange(429, { ...error, messages: [{ code: 'rate_limited', text: 'Slow down.' }] }),
      [{ rule: 'response.retry-after', assumed: true }],
    ],
    ['a 429 with Retry-After', exchange(429, error, { 'content-type': 'application/json', 'retry-after': '12' }), []],
  ])('%s', (_name, given, want) => {
    expect(flagged(given)).toEqual(want);
  });
});
