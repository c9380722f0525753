import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { dependencyDrift, importsOf, readTarball } from '../release/dependencies.mjs';

// Every published tarball's dependencies against its imports (issue 40 item 4). The tarballs are the
// docs site's Downloads, built before this task (turbo.json: //#test:scripts dependsOn @tas/docs#build):
// `npm run release` packs the client and the suite with the same `npm pack --ignore-scripts` and copies
// the same server tarballs (release.test.ts holds the folder's list).
const root = fileURLToPath(new URL('../..', import.meta.url));
const downloads = join(root, 'apps/docs/dist');
const work = mkdtempSync(join(tmpdir(), 'tas-dependencies-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A tarball as npm packs one: `package/` holding a manifest and the given files. */
function tarball(name: string, manifest: object, files: Record<string, string>): string {
  const dir = join(work, name);
  for (const [path, text] of Object.entries({ 'package.json': JSON.stringify(manifest), ...files })) {
    mkdirSync(dirname(join(dir, 'package', path)), { recursive: true });
    writeFileSync(join(dir, 'package', path), text);
  }
  execFileSync('tar', ['-czf', `${dir}.tgz`, '-C', dir, 'package']);
  return `${dir}.tgz`;
}

describe('the packages a file imports', () => {
  it.each<[string, string, string[]]>([
    ['static and re-exported', 'import a from \'ajv\';\nexport { b } from "yaml";', ['ajv', 'yaml']],
    [
      'deep paths, scoped or not',
      "import x from 'ajv/dist/2020.js'; import y from '@stoplight/prism-cli/dist/e.js';",
      ['ajv', '@stoplight/prism-cli'],
    ],
    [
      'dynamic import and require',
      "const a = await import('fast-check'); const b = require('better-sqlite3');",
      ['fast-check', 'better-sqlite3'],
    ],
    [
      'type-only (declarations)',
      "import type { Client } from 'openapi-fetch';\nexport declare const c: Client;",
      ['openapi-fetch'],
    ],
    [
      'builtins, with and without node:',
      "import fs from 'node:fs'; import p from 'path'; import q from 'fs/promises';",
      [],
    ],
    [
      'relative, absolute and URLs',
      "import a from './a.js'; import b from '../b.js'; import c from '/c.js'; import d from 'data:text/javascript,1';",
      [],
    ],
    ['a name in a string or a comment', "// import x from 'left-pad'\nconst s = \"import y from 'is-odd'\";", []],
  ])('%s', (_, source, want) => {
    expect(importsOf(source)).toEqual(want);
  });
});

describe('a tarball against its manifest', () => {
  it.each<[string, object, Record<string, string>, { unused: string[]; missing: string[] }]>([
    [
      'every dependency imported',
      { name: 'a', dependencies: { ajv: '8' } },
      { 'dist/a.js': "import 'ajv';" },
      { unused: [], missing: [] },
    ],
    [
      'a dependency no file imports',
      { name: 'b', dependencies: { ajv: '8', 'playwright-core': '1' } },
      { 'dist/b.js': "import 'ajv';" },
      { unused: ['playwright-core'], missing: [] },
    ],
    [
      'an import no dependency provides, in code or in declarations',
      { name: 'c', dependencies: {} },
      { 'bin/c.js': "import 'yaml';", 'dist/c.d.ts': "import type { X } from 'openapi-fetch';" },
      { unused: [], missing: ['openapi-fetch (imported by dist/c.d.ts)', 'yaml (imported by bin/c.js)'] },
    ],
    [
      'peers, optional ones and its own name',
      { name: 'd', peerDependencies: { react: '19' }, optionalDependencies: { fsevents: '2' } },
      { 'dist/d.js': "import 'react'; import 'd/x.js'; import('fsevents');" },
      { unused: [], missing: [] },
    ],
    [
      'an optional dependency no file imports',
      { name: 'e', optionalDependencies: { fsevents: '2' } },
      { 'dist/e.js': '' },
      { unused: ['fsevents'], missing: [] },
    ],
  ])('%s', (name, manifest, files, want) => {
    expect(dependencyDrift(readTarball(tarball(name.replace(/\W+/g, '-'), manifest, files)))).toEqual(want);
  });
});

describe("the published tarballs (the docs' Downloads, as npm run release packs them)", () => {
  const files = readdirSync(downloads).filter((f) => f.endsWith('.tgz'));

  it('are the client, the suite, the sandbox and the mock', () => {
    expect(files.map((f) => f.replace(/-\d+\.\d+\.\d+\.tgz$/, '')).sort()).toEqual([
      'tas-client',
      'tas-conformance',
      'tas-mock',
      'tas-sandbox',
    ]);
  });

  it.each(files)('%s depends on exactly the packages its files import', (file) => {
    const read = readTarball(join(downloads, file));
    expect(read.imports.size, 'its files import at least one package').toBeGreaterThan(0);
    expect(dependencyDrift(read)).toEqual({ unused: [], missing: [] });
  });
});
