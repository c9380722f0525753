import { createValidator, listOperations, loadDescription } from '@tas/openapi';
import { expect, it } from 'vitest';
import { call, TOKEN, useMock } from './helpers.js';

const doc = loadDescription();
const validator = createValidator(doc);
const mock = useMock({ dynamic: true });

// Dynamic answers are generated, so only their shape can be promised: the operation's 200 schema.
it.each(listOperations(doc).map((op) => [op.operationId, op] as const))(
  '%s: a generated 200 fits its schema',
  async (_, op) => {
    const res = await call(mock.url, {
      method: op.method.toUpperCase(),
      path: `/api/v2${op.path.replace('{token}', TOKEN)}`,
      body: op.requestBody ? Object.values(op.requestBody.examples)[0] : undefined,
    });
    expect(res.status).toBe(200);
    expect(validator.validateResponse(op, 200, res.json).issues).toEqual([]);
  },
);

it('answers a static example when a request asks for dynamic=false', async () => {
  const op = listOperations(doc).find((o) => o.operationId === 'listRecords');
  const res = await call(mock.url, { path: '/api/v2/record/', headers: { Prefer: 'dynamic=false' } });
  expect(res.json).toEqual(Object.values(op?.responses['200']?.examples ?? {})[0]);
});
