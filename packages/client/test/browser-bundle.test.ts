import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';
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
