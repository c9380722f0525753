// The handlers' types are derived, never kept: src/generated/ is what the descriptions make now.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderGenerated } from '../scripts/generate.js';

const generated = await renderGenerated();

describe('src/generated', () => {
  it.each(Object.keys(generated))('%s matches a fresh generation from its description', (name) => {
    const onDisk = readFileSync(new URL(`../src/generated/${name}`, import.meta.url), 'utf8');
    // Stale types would let a handler drift from the description unseen: rebuild with `npm run build`.
    expect(onDisk).toBe(generated[name]);
  });

  it.each([
    ['api.ts', 'listRecords: "page" | "page_size";'],
    ['control.ts', 'listRoadmaps: "page" | "page_size";'],
    ['control.ts', 'createRecord: never;'],
  ])('%s names the parameters the request check fills in: %s', (name, line) => {
    expect(generated[name]).toContain(line);
  });

  it('a body property with a default stays optional (the request check does not fill bodies in)', () => {
    expect(generated['control.ts']).toMatch(/state\?: "vip_wait"/);
  });
});
