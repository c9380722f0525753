import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { run, TEST_LIMIT_MS, tsxCommand } from '@tas/serve/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { buildIntoFresh } from '../src/builder/fresh-folder.js';
import { buildVersionedSite } from '../src/builder/versions.js';
import { defaultSiteOptions } from '../src/paths.js';
import { serveDocs } from '../src/serve.js';

// `npm run docs` serves dist/ while `npm run build` (or `npm test`, through turbo) rebuilds it, in
// another process: so does this test, else the build's long synchronous steps would hold this
// process's server and client alike, and their timers would close connections nobody left idle.
const BUILD_CLI = fileURLToPath(new URL('../src/cli/build.ts', import.meta.url));
const DIST = fileURLToPath(new URL('../dist', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'tas-docs-fresh-'));
let server: Awaited<ReturnType<typeof serveDocs>> | undefined;
afterAll(() => server?.close());

describe('a rebuild under a running docs server', () => {
  it(
    'never answers 404: the old site is served until the new one is swapped in whole',
    async () => {
      const outDir = join(work, 'dist');
      // The site being served: the one `npm run build` made (turbo builds dist/ before the tests).
      if (existsSync(join(DIST, 'index.html'))) cpSync(DIST, outDir, { recursive: true });
      else await buildVersionedSite({ ...defaultSiteOptions(), outDir });
      server = await serveDocs({ dir: outDir, port: 0 });
      const before = readdirSync(outDir).sort();
      const statuses = new Map<string, number>();
      let done = false;
      const polling = (async () => {
        let count = 0;
        while (!done) {
          for (const file of ['index.html', 'changes.html', 'reference.html']) {
            const res = await fetch(`${server?.url}/${file}`);
            await res.arrayBuffer();
            const key = `${file} ${res.status}`;
            statuses.set(key, (statuses.get(key) ?? 0) + 1);
            count++;
          }
        }
        return count;
      })();
      const rebuilt = await run(tsxCommand(BUILD_CLI, ['--out', outDir]));
      done = true;
      expect(rebuilt.code, rebuilt.stderr).toBe(0);
      const requests = await polling;
      expect(requests).toBeGreaterThan(30);
      expect([...statuses.keys()].sort()).toEqual(['changes.html 200', 'index.html 200', 'reference.html 200']);
      expect(readdirSync(outDir).sort()).toEqual(before);
      // Nothing is left beside it.
      expect(readdirSync(work)).toEqual(['dist']);
    },
    2 * TEST_LIMIT_MS,
  );

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
    expect(readdirSync(work).sort()).toEqual(['dist', 'kept']);
  });

  it('creates the folder on a first build', async () => {
    const outDir = join(work, 'first', 'dist');
    expect(await buildIntoFresh(outDir, async (dir) => writeFileSync(join(dir, 'a.txt'), 'new'))).toBeUndefined();
    expect(readFileSync(join(outDir, 'a.txt'), 'utf8')).toBe('new');
    expect(readdirSync(join(work, 'first'))).toEqual(['dist']);
  });
});
