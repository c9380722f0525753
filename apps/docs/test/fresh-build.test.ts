import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildIntoFresh } from '../src/builder/fresh-folder.js';

// A build goes into a fresh folder, swapped in whole. That a running docs server never answers 404
// while a whole versioned build rebuilds its folder is start.test.ts's: npm start rebuilds the folder
// it serves from.
const work = mkdtempSync(join(tmpdir(), 'tas-docs-fresh-'));

describe('a build into a fresh folder', () => {
  it('leaves the folder as it was when the build fails', async () => {
    const outDir = join(work, 'kept');
    mkdirSync(outDir);
    writeFileSync(join(outDir, 'index.html'), 'old site');
    await expect(
      buildIntoFresh(outDir, async (dir) => {
        writeFileSync(join(dir, 'index.html'), 'half');
        throw new Error('redocly failed');
      }),
    ).rejects.toThrow('redocly failed');
    expect(readFileSync(join(outDir, 'index.html'), 'utf8')).toBe('old site');
    expect(readdirSync(work)).toEqual(['kept']);
  });

  it('creates the folder on a first build', async () => {
    const outDir = join(work, 'first', 'dist');
    expect(await buildIntoFresh(outDir, async (dir) => writeFileSync(join(dir, 'a.txt'), 'new'))).toBeUndefined();
    expect(readFileSync(join(outDir, 'a.txt'), 'utf8')).toBe('new');
    expect(readdirSync(join(work, 'first'))).toEqual(['dist']);
  });
});
