import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// npm run release, from the outside: what lands in the folder, that the checksums hold, that the
// tarballs' types resolve, and that a failing gate releases nothing. Recording a new version, the
// version check and abandoning an attempt: release-checks.test.ts. Each tarball installed in an empty
// folder and run as its README says: packages/client/test/pack.test.ts and
// packages/conformance/test/pack.test.ts, which pack them as this does (npm pack of the built package);
// their dependencies against their imports: dependencies.test.ts.
const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'tas-release-'));
const out = join(work, 'out');
const version = JSON.parse(readFileSync(join(root, 'openapi/dist/openapi.json'), 'utf8')).info.version as string;
afterAll(() => rmSync(work, { recursive: true, force: true }));

// The builds it packs are done by turbo before this task (turbo.json: //#test:scripts dependsOn).
const release = (...args: string[]) =>
  run('node', [join(root, 'scripts/release.mjs'), '--no-build', ...args], { cwd: root }).then(
    (r) => ({ code: 0, ...r }),
    (e: { code: number; stdout: string; stderr: string }) => e,
  );

describe('npm run release', () => {
  // On a copy of the contract: a release of an unreleased version records releases/<version>.yaml and
  // the changelog, which must never land in the checkout the tests run in.
  const contract = join(work, 'contract');
  const before = readdirSync(join(root, 'openapi/releases'));
  beforeAll(async () => {
    for (const part of ['releases', 'notes', 'CHANGELOG.md', 'dist'])
      cpSync(join(root, 'openapi', part), join(contract, part), { recursive: true });
    const { code, stdout } = await release('--openapi', contract, '--out', out);
    expect(stdout).toContain('OK the gate passes');
    expect(code).toBe(0);
  });

  it("leaves the checkout's releases as they were", () => {
    expect(readdirSync(join(root, 'openapi/releases'))).toEqual(before);
  });

  it('writes the description (YAML and JSON), the docs, both tarballs and SHA256SUMS into one folder', async () => {
    const files = readdirSync(out).sort();
    expect(files).toEqual(
      [
        'SHA256SUMS',
        'docs',
        `tas-api-${version}.json`,
        `tas-api-${version}.yaml`,
        `tas-client-${version}.tgz`,
        `tas-conformance-${version}.tgz`,
        `tas-mock-${version}.tgz`,
        `tas-sandbox-${version}.tgz`,
      ].sort(),
    );
    expect(readdirSync(join(out, 'docs'))).toContain('index.html');
    const sums = readFileSync(join(out, 'SHA256SUMS'), 'utf8');
    expect(sums).toContain(`  tas-client-${version}.tgz`);
    expect(sums).toContain(`  tas-sandbox-${version}.tgz`);
    expect(sums).toContain('  docs/index.html');
    await run('sha256sum', ['--check', '--quiet', 'SHA256SUMS'], { cwd: out });
  });

  it.each(['client', 'conformance'])(
    'the %s tarball has no dev files and its types resolve for Node and bundlers (attw)',
    async (name) => {
      const tarball = join(out, `tas-${name}-${version}.tgz`);
      const { stdout: listing } = await run('tar', ['-tzf', tarball]);
      const paths = listing
        .split('\n')
        .filter(Boolean)
        .map((p) => p.replace(/^package\//, ''));
      expect(paths).toContain('package.json');
      expect(paths).toContain('CHANGELOG.md');
      expect(paths.filter((p) => /^(src|test|bench|scripts|examples)\/|tsconfig|\.test\.|vitest/.test(p))).toEqual([]);
      // ESM-only packages: Node (ESM) and bundler resolution must be clean; CJS require is out of scope.
      await run(join(root, 'node_modules/.bin/attw'), [tarball, '--profile', 'esm-only']);
    },
    60_000,
  );

  it('refuses, writing nothing, when the gate fails (a change without a bump)', async () => {
    const openapi = join(work, 'openapi');
    cpSync(join(root, 'openapi/releases'), join(openapi, 'releases'), { recursive: true });
    cpSync(join(root, 'openapi/CHANGELOG.md'), join(openapi, 'CHANGELOG.md'));
    const doc = JSON.parse(readFileSync(join(root, 'openapi/dist/openapi.json'), 'utf8'));
    const [path] = Object.keys(doc.paths);
    delete doc.paths[path as string];
    mkdirSync(join(openapi, 'dist'));
    writeFileSync(join(openapi, 'dist/openapi.json'), JSON.stringify(doc));
    const refused = join(work, 'refused');
    const { code, stdout } = await release('--openapi', openapi, '--out', refused);
    expect(stdout).toContain(`Refusing to release ${version}: the gate fails`);
    expect(stdout).toContain('Nothing was built or written.');
    expect(stdout).toMatch(/BREAKING\s+Removed/);
    expect(code).toBe(1);
    expect(existsSync(refused)).toBe(false);
    expect(readdirSync(join(openapi, 'releases'))).toEqual(readdirSync(join(root, 'openapi/releases')));
  });
});
