// The journeys' types are derived, never kept: src/generated/api.ts is what the description makes now.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderGenerated } from '../scripts/generate.js';

describe('src/generated/api.ts', () => {
  it('matches a fresh generation from the bundled description', async () => {
    const onDisk = readFileSync(new URL('../src/generated/api.ts', import.meta.url), 'utf8');
    // Stale types would let a journey drift from the description unseen: rebuild with `npm run build`.
    expect(onDisk).toBe(await renderGenerated());
  });
});
