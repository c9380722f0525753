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

const without = (value: unknown, key: string) => {
  const { [key]: _gone, ...rest } = value as Record<string, unknown>;
  return rest;
};
const authenticated = Object.values(getRecord?.responses['200']?.examples ?? {}).find(
  (e) => (e as { data: { profile: unknown } }).data.profile,
) as { data: { profile: unknown } } | undefined;
const profileExample = authenticated?.data.profile;

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
    // No success status is stated: 201 is a success whose code departs from our choice only.
    ['a 201 success', exchange(201, example), [{ rule: 'response.documented-status', assumed: true }]],
    ['a 415 refusal', exchange(415, error), [{ rule: 'response.documented-status', assumed: true }]],
    [
      'a 201 whose payload breaks the success schema is judged by it',
      exchange(201, { ...example, data: { ...example.data, status: 'ready' } }),
      [
        { rule: 'response.documented-status', assumed: true },
        { rule: 'response.schema', assumed: false },
      ],
    ],
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
      "role -1 (below RoleId's minimum, an assumed bound, through oneOf): once",
      exchange(200, { ...example, data: { ...example.data, role: -1 } }),
      [{ rule: 'response.schema', assumed: true }],
    ],
    [
      'role as a string (a stated type, through oneOf): once',
      exchange(200, { ...example, data: { ...example.data, role: 'x' } }),
      [{ rule: 'response.schema', assumed: false }],
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
      'status as a string (stated field): once, not also for its enum',
      exchange(200, { ...example, data: { ...example.data, status: '2' } }),
      [{ rule: 'response.schema', assumed: false }],
    ],
    [
      'test.title as a number (assumed type)',
      exchange(200, { ...example, data: { ...example.data, test: { ...(example.data.test as object), title: 5 } } }),
      [{ rule: 'response.schema', assumed: true }],
    ],
    [
      'test.questions_count left out (its type is not shown, its presence is stated)',
      exchange(200, { ...example, data: { ...example.data, test: without(example.data.test, 'questions_count') } }),
      [{ rule: 'response.schema', assumed: false }],
    ],
    [
      'profile.external_id left out (optional on input: its presence is assumed)',
      exchange(200, { ...example, data: { ...example.data, profile: without(profileExample, 'external_id') } }),
      [{ rule: 'response.schema', assumed: true }],
    ],
    [
      'profile.age left out (named in the Profile table)',
      exchange(200, { ...example, data: { ...example.data, profile: without(profileExample, 'age') } }),
      [{ rule: 'response.schema', assumed: false }],
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

describe('the questionnaire', () => {
  const getQuestions = operations.find((o) => o.operationId === 'getQuestions');
  const json = Object.values(getQuestions?.responses['200']?.examples ?? {}).find(
    (e) => (e as { data: { questions?: unknown } }).data.questions,
  ) as { data: Record<string, unknown> };
  const judged = (data: unknown) =>
    responseRules.flatMap((rule) =>
      rule
        .verify(
          { ...exchange(200, { ...json, data }), operationId: 'getQuestions' },
          { ...env, operation: getQuestions },
        )
        .map((f) => ({ rule: rule.id, assumed: f.assumed, message: f.message })),
    );

  it.each([
    [
      'preface left out ("optional instruction text"): one assumed finding, not every oneOf branch',
      without(json.data, 'preface'),
      [true],
    ],
    ['test_id left out: one stated finding', without(json.data, 'test_id'), [false]],
    ['an HTML questionnaire with a field besides html: stated', { html: '<p>x</p>', questions: [] }, [false]],
  ])('%s', (_name, data, want) => {
    const found = judged(data);
    expect(found.map((f) => f.assumed)).toEqual(want);
  });
});

describe('an answer told apart by its own field', () => {
  const authenticateRoadmap = operations.find((o) => o.operationId === 'authenticateRoadmap');
  const instant = Object.values(authenticateRoadmap?.responses['200']?.examples ?? {}).find(
    (e) => (e as { data: { tests_auth_required: boolean } }).data.tests_auth_required === false,
  ) as { data: { roles: Record<string, unknown>[] } };
  const answer = (status: number, body: unknown) => ({
    ...exchange(status, body),
    request: { method: 'POST', url: 'http://x/api/v2/roadmap/t/auth/', key: 'main' as const, headers: {} },
    operationId: 'authenticateRoadmap',
  });
  // An instant answer whose role lacks role_id: the instant branch's fault, whatever the status.
  const broken = { ...instant, data: { ...instant.data, roles: instant.data.roles.map((r) => without(r, 'role_id')) } };
  it.each([200, 201])('an instant roadmap authentication answered %i is judged by the instant branch', (status) => {
    const schema = responseRules.find((r) => r.id === 'response.schema');
    const messages = schema?.verify(answer(status, broken), { ...env, operation: authenticateRoadmap }) ?? [];
    expect(messages.map((m) => m.message).join('\n')).toMatch(/role_id/);
    expect(messages.map((m) => m.message).join('\n')).not.toMatch(/draft_token/);
  });
});
