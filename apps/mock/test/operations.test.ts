import { listOperations, loadDescription, type Operation } from '@tas/openapi';
import { describe, expect, it } from 'vitest';
import { call, TOKEN, useMock } from './helpers.js';

const doc = loadDescription();
const operations = listOperations(doc);
const mock = useMock();

const pathOf = (op: Operation) => `/api/v2${op.path.replace('{token}', TOKEN)}`;
const validBody = (op: Operation) => (op.requestBody ? Object.values(op.requestBody.examples)[0] : undefined);

// Every (operation, status, named example) of the description, asked for with Prefer.
const responseCases = operations.flatMap((op) =>
  Object.values(op.responses).flatMap((r) =>
    Object.entries(r.examples).map(([name, value]) => [op.operationId, r.status, name, op, value] as const),
  ),
);
// Every request-body example of the description, sent as is.
const bodyCases = operations.flatMap((op) =>
  Object.entries(op.requestBody?.examples ?? {}).map(([name, value]) => [op.operationId, name, op, value] as const),
);

describe('every operation at /api/v2, through the real HTTP server', () => {
  it.each(operations.map((op) => [op.operationId, op] as const))('%s answers its first 200 example', async (_, op) => {
    const res = await call(mock.url, { method: op.method.toUpperCase(), path: pathOf(op), body: validBody(op) });
    expect(res.status).toBe(200);
    expect(res.json).toEqual(Object.values(op.responses['200']?.examples ?? {})[0]);
  });

  it.each(responseCases)('%s %s answers the named example %s', async (_, status, name, op, value) => {
    const res = await call(mock.url, {
      method: op.method.toUpperCase(),
      path: pathOf(op),
      body: validBody(op),
      headers: { Prefer: `code=${status}, example=${name}` },
    });
    expect(res.status).toBe(Number(status));
    expect(res.json).toEqual(value);
  });

  it.each(bodyCases)('%s accepts the request example %s', async (_, __, op, value) => {
    const res = await call(mock.url, { method: op.method.toUpperCase(), path: pathOf(op), body: value });
    expect(res.status).toBe(200);
  });

  it('covers every named example of the description', () => {
    const used = new Set([...responseCases.map(([, , name]) => name), ...bodyCases.map(([, name]) => name)]);
    expect([...used].sort()).toEqual(Object.keys(doc.components.examples ?? {}).sort());
  });

  it('answers 429 with the Retry-After header the description gives', async () => {
    const op = operations.find((o) => o.operationId === 'getRecord') as Operation;
    const res = await call(mock.url, { path: pathOf(op), headers: { Prefer: 'code=429' } });
    expect(res.status).toBe(429);
    // The description's RetryAfter: required, delay-seconds (a missing header reads null, not 0).
    const example = (doc.components.headers?.RetryAfter as { example?: unknown } | undefined)?.example;
    expect(example).toEqual(expect.any(Number));
    expect(res.headers.get('retry-after')).toBe(String(example));
  });
});
