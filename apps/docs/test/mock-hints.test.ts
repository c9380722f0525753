import { type MockServer, startMock } from '@tas/mock';
import { listOperations, loadDescription, resolveRef } from '@tas/openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walkthroughs } from '../src/guide/walkthrough/journeys.js';
import { mockNeedsPrefer } from '../src/guide/walkthrough/render.js';

// What the page says about the mock is what the mock does: with the `Prefer` header the page names
// (or with none, where the page says none is needed) the real mock answers the named example.
const doc = loadDescription();
const operations = listOperations(doc);
const TOKEN = '3f1c2a9e-8b7d-4e61-9a0c-5d2e7f4b1a63';
const hints = [
  ...new Map(
    walkthroughs(doc).flatMap((j) =>
      j.steps.flatMap((s) => (s.mock ? [[`${s.mock.operationId} ${s.mock.example}`, s.mock]] : [])),
    ),
  ).values(),
] as { operationId: string; example: string }[];

let mock: MockServer;
beforeAll(async () => {
  mock = await startMock({ port: 0 });
});
afterAll(() => mock?.close());

const example = (name: string) => resolveRef<{ value: unknown }>(doc, { $ref: `#/components/examples/${name}` }).value;

describe('the mock answers the examples the walkthrough names', () => {
  it.each(hints.map((h) => [h.operationId, h.example, h] as const))('%s → %s', async (_, __, hint) => {
    const operation = operations.find((o) => o.operationId === hint.operationId);
    if (!operation) throw new Error(`no operation ${hint.operationId}`);
    const body = Object.values(operation.requestBody?.examples ?? {})[0];
    const call = (prefer?: string) =>
      fetch(`${mock.url}/api/v2${operation.path.replace('{token}', TOKEN)}`, {
        method: operation.method.toUpperCase(),
        headers: {
          'API-KEY': 'any',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...(prefer ? { Prefer: prefer } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      }).then(async (res) => ({ status: res.status, body: await res.json() }));
    const plain = await call();
    if (mockNeedsPrefer(operation, hint.example)) {
      expect(plain.body, 'without Prefer the mock answers another example').not.toEqual(example(hint.example));
      expect(await call(`example=${hint.example}`)).toEqual({ status: 200, body: example(hint.example) });
    } else expect(plain).toEqual({ status: 200, body: example(hint.example) });
  });
});
