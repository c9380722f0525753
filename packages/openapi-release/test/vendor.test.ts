import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

// tas-vendor as a package's build runs it: in the package's folder, after tsc wrote dist/. The
// package lives under this one's test-artifacts/, so that it finds the workspace's @tas/openapi.
const run = promisify(execFile);
const vendor = fileURLToPath(new URL('../scripts/vendor.mjs', import.meta.url));
const base = join(fileURLToPath(new URL('..', import.meta.url)), 'test-artifacts');
mkdirSync(base, { recursive: true });
const work = mkdtempSync(join(base, 'vendor-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

type Case = { name: string; vendor?: object; source: string; code: number; said?: RegExp };
const cases: Case[] = [
  {
    name: 'copies what is used and points the import at the copy',
    vendor: { '@tas/openapi': { lib: 'dist/lib' } },
    source: "import { pointerEscape } from '@tas/openapi';\nexport const escaped = pointerEscape('a/b');\n",
    code: 0,
  },
  {
    name: 'refuses a copy that imports a package the tarball would not install',
    vendor: { '@tas/openapi': { lib: 'dist/lib' } },
    source: "import { createValidator } from '@tas/openapi';\nexport const v = createValidator;\n",
    code: 1,
    said: /imports ajv\S*: add ajv to the dependencies/,
  },
  {
    name: 'says so when package.json names nothing to vendor',
    source: 'export const nothing = 1;\n',
    code: 2,
    said: /names no package under "vendor"/,
  },
];

describe('tas-vendor', () => {
  it.each(cases)('$name', async ({ name, vendor: vendored, source, code, said }) => {
    const dir = join(work, name.replaceAll(' ', '-'));
    mkdirSync(join(dir, 'dist'), { recursive: true });
    const pkg = { name: 'vendoring', type: 'module', dependencies: {}, ...(vendored && { vendor: vendored }) };
    writeFileSync(join(dir, 'package.json'), JSON.stringify(pkg));
    writeFileSync(join(dir, 'dist/index.js'), source);
    const result = await run('node', [vendor], { cwd: dir }).then(
      () => ({ code: 0, stderr: '' }),
      (e: { code: number; stderr: string }) => e,
    );
    expect(result.code, result.stderr).toBe(code);
    if (said) expect(result.stderr).toMatch(said);
    if (code !== 0) return;
    const rewritten = readFileSync(join(dir, 'dist/index.js'), 'utf8');
    expect(rewritten).toContain("from './vendor/openapi/dist/lib/index.js'");
    // Only the used re-export is kept, and the copy runs.
    expect(readFileSync(join(dir, 'dist/vendor/openapi/dist/lib/index.js'), 'utf8').trim()).toMatch(
      /^export \{[^}]*pointerEscape[^}]*\} from '\.\/pointer\.js';$/,
    );
    const { escaped } = await import(join(dir, 'dist/index.js'));
    expect(escaped).toBe('a~1b');
  });
});
