import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startSandbox } from '@tas/sandbox';
import { afterAll, describe, expect, it } from 'vitest';

// The package as QA installs it: packed, installed from the tarball alone in an empty folder, run
// with npx against a sandbox started from this workspace.
const run = promisify(execFile);
const pkgDir = fileURLToPath(new URL('..', import.meta.url));
const root = fileURLToPath(new URL('../../..', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'tas-conformance-pack-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the packed @tas/conformance', () => {
  it('installs from its tarball alone; npx tas-conformance --help and a full sandbox run work there', async () => {
    // prepack is the package's build; turbo has just built it (test depends on build), so it is
    // brought up to date through turbo (a cache hit, or the build when stale) and not run a second
    // time: that second build was half of this test's time.
    const manifest = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
    expect(manifest.scripts.prepack).toBe('npm run build');
    await run(process.execPath, ['scripts/build-needed.mjs', '@tas/conformance...'], { cwd: root });
    const { stdout: packed } = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', work], {
      cwd: pkgDir,
    });
    const [{ filename, files }] = JSON.parse(packed.slice(packed.indexOf('['))) as [
      { filename: string; files: { path: string }[] },
    ];
    const paths = files.map((f) => f.path);
    expect(paths).toContain('bin/tas-conformance.js');
    expect(paths).toContain('dist/cli.js');
    // The profile's JSON Schema, which the suite validates with and editors read.
    expect(paths).toContain('profile.schema.json');
    // The reference the README sends the reader to: the verdict's rules and the generated tables.
    expect(paths).toContain('REFERENCE.md');
    // The private @tas/openapi travels inside: its library and the bundled description.
    expect(paths).toContain('dist/vendor/openapi/dist/openapi.json');
    // So does the client's pacer and base-URL reading, which the suite shares.
    expect(paths).toContain('dist/vendor/client/dist/pacer.js');
    expect(paths).toContain('dist/vendor/client/dist/base-url.js');
    expect(Object.keys(manifest.dependencies).filter((d) => d.startsWith('@tas/'))).toEqual([]);

    const project = join(work, 'qa');
    mkdirSync(project);
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'qa', private: true }));
    await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', join(work, filename)], {
      cwd: project,
    });
    expect(readdirSync(join(project, 'node_modules/@tas'))).toEqual(['conformance']);

    const help = await run('npx', ['--no-install', 'tas-conformance', '--help'], { cwd: project });
    expect(help.stdout).toMatch(/^tas-conformance: check a deployment/);
    // The README's profile commands, as QA types them.
    await run('npx', ['--no-install', 'tas-conformance', 'profile', 'init'], { cwd: project });
    const planned = await run('npx', ['--no-install', 'tas-conformance', 'plan', '--profile', 'tas-profile.yaml'], {
      cwd: project,
    });
    expect(planned.stdout).toMatch(/^ {2}listing\.path +\/record\/ {2}\(profile, the default\)$/m);

    const sandbox = await startSandbox({ port: 0, rateLimit: false });
    try {
      const env = { ...process.env, TAS_API_KEY: 'sandbox-key-sms', TAS_OTHER_API_KEY: 'sandbox-key-instant' };
      const args = ['run', '--base-url', sandbox.url, '--provision', 'sandbox', '--no-pacing', '--junit', 'junit.xml'];
      const full = await run('npx', ['--no-install', 'tas-conformance', ...args], { cwd: project, env });
      expect(full.stdout).toMatch(/^total\s+\d+\s+0\s+0\s+0$/m);
      expect(full.stdout).toMatch(/: the target conforms$/m);
      expect(readFileSync(join(project, 'junit.xml'), 'utf8')).toMatch(
        /<testsuites name="tas-conformance" tests="\d+" failures="0"/,
      );
    } finally {
      await sandbox.close();
    }
  });
});
