import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const entry = fileURLToPath(new URL('../dist/index.js', import.meta.url));
const nodeBuiltins = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);

describe('the package in a browser', () => {
  it('bundles for the browser platform with no Node built-in', async () => {
    const result = await build({
      entryPoints: [entry],
      bundle: true,
      platform: 'browser',
      format: 'esm',
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const imports = Object.values(result.metafile.inputs).flatMap((input) => input.imports.map((i) => i.path));
    expect(imports.filter((path) => nodeBuiltins.has(path))).toEqual([]);
    expect(result.outputFiles[0]?.text).toContain('API-KEY');
  });

  // The size budget (issue 13): the whole client, minified and gzipped as a bundler ships it, under 8 kB.
  it('stays under 8 kB gzipped, minified, with openapi-fetch', async () => {
    const result = await build({
      entryPoints: [entry],
      bundle: true,
      minify: true,
      platform: 'browser',
      format: 'esm',
      write: false,
      logLevel: 'silent',
    });
    const gzipped = gzipSync(result.outputFiles[0]?.contents ?? new Uint8Array()).length;
    expect(gzipped).toBeGreaterThan(1000);
    expect(gzipped).toBeLessThan(8 * 1024);
  });

  it('the check has teeth: a Node import fails the browser bundle', async () => {
    const bundle = build({
      stdin: { contents: "import { readFileSync } from 'node:fs'; console.log(readFileSync);", resolveDir: '.' },
      bundle: true,
      platform: 'browser',
      write: false,
      logLevel: 'silent',
    });
    await expect(bundle).rejects.toThrow(/node:fs/);
  });
});
