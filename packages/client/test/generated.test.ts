import { readFileSync } from 'node:fs';
import { listOperations, loadDescription } from '@tas/openapi';
import { describe, expect, it } from 'vitest';
import { renderGenerated } from '../scripts/render-generated.js';
import { errorCodes, operationTable } from '../src/index.js';
import { errorExampleNames, example } from './helpers/examples.js';

const generated = await renderGenerated();

describe('src/generated', () => {
  it.each(Object.keys(generated))('%s matches a fresh generation from the bundled description', (name) => {
    const onDisk = readFileSync(new URL(`../src/generated/${name}`, import.meta.url), 'utf8');
    // Stale types mean the client lies about the API: rebuild with `npm run build`.
    expect(onDisk).toBe(generated[name]);
  });

  it('the built dist/ holds the same operation table as src/generated', async () => {
    const built = await import('../dist/generated/operations.js');
    expect(built.operationTable).toEqual(operationTable);
  });

  it('the operation table has every operation of the description, with its method and path', () => {
    const want = Object.fromEntries(
      listOperations(loadDescription()).map((op) => [
        op.operationId,
        { method: op.method.toUpperCase(), path: op.path },
      ]),
    );
    expect(operationTable).toEqual(want);
  });

  it('errorCodes lists every code of the error examples', () => {
    const codes = errorExampleNames.flatMap((n) =>
      example<{ messages: { code: string }[] }>(n).messages.map((m) => m.code),
    );
    expect([...errorCodes].sort()).toEqual([...new Set(codes)].sort());
  });
});
