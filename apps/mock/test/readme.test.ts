import { readFileSync } from 'node:fs';
import { listOperations, loadDescription } from '@tas/openapi';
import { describe, expect, it } from 'vitest';
import { call, TOKEN, useMock } from './helpers.js';

const doc = loadDescription();
const operations = listOperations(doc);
const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const rows = [...readme.matchAll(/`code=(\d{3}), example=(\w+)`/g)].map(
  (m) => [m[2] as string, m[1] as string] as const,
);
const mock = useMock();

describe('the README tells a front-end developer how to get each error', () => {
  it('names every error example of the description', () => {
    const errors = Object.keys(doc.components.examples ?? {}).filter((name) => name.startsWith('Error'));
    expect(rows.map(([name]) => name).sort()).toEqual(errors.sort());
  });

  it.each(rows)('Prefer example=%s with code=%s answers it', async (name, status) => {
    const op = operations.find((o) => name in (o.responses[status]?.examples ?? {}));
    expect(op, `no operation documents ${name} for ${status}`).toBeDefined();
    if (!op) return;
    const res = await call(mock.url, {
      method: op.method.toUpperCase(),
      path: `/api/v2${op.path.replace('{token}', TOKEN)}`,
      body: op.requestBody ? Object.values(op.requestBody.examples)[0] : undefined,
      headers: { Prefer: `code=${status}, example=${name}` },
    });
    expect([res.status, res.json]).toEqual([Number(status), op.responses[status]?.examples[name]]);
  });
});
