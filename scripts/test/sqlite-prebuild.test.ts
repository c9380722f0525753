import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { run } from '@tas/serve/testing';
import { afterAll, describe, expect, it } from 'vitest';

// The binary .ci/run keeps is the one better-sqlite3's own installer takes: prebuild-install, run as the
// package's install script runs it, finds it by name in the kept folder and unpacks it, with no download
// and no compiling.
const root = fileURLToPath(new URL('../..', import.meta.url));
const installed = join(root, 'node_modules/better-sqlite3');
const work = mkdtempSync(join(tmpdir(), 'tas-sqlite-prebuild-'));
const kept = join(work, 'kept');
afterAll(() => rmSync(work, { recursive: true, force: true }));
const keep = () => run([process.execPath, join(root, 'scripts/sqlite-prebuild.mjs'), kept], {}, root);

describe('sqlite-prebuild', () => {
  it('keeps the compiled binary once, under the name prebuild-install looks for', async () => {
    const first = await keep();
    expect(first.stdout).toMatch(/kept .*\/better-sqlite3-\S+\.tar\.gz\n$/);
    expect((await keep()).stdout).toContain('is kept already');

    // A package folder as npm unpacks it before the install script: the manifest, no build.
    const fresh = join(work, 'fresh');
    cpSync(join(installed, 'package.json'), join(fresh, 'package.json'));
    const install = await run(
      [process.execPath, join(root, 'node_modules/prebuild-install/bin.js'), '--verbose'],
      { npm_config_better_sqlite3_local_prebuilds: kept },
      fresh,
    );
    expect(install.code, install.stderr).toBe(0);
    expect(install.stderr).toContain('found local prebuild');
    const binary = 'build/Release/better_sqlite3.node';
    expect(readFileSync(join(fresh, binary)).equals(readFileSync(join(installed, binary)))).toBe(true);
  });

  it('--help says what it does; no folder is a usage error', async () => {
    expect((await run([process.execPath, 'scripts/sqlite-prebuild.mjs', '--help'], {}, root)).stdout).toContain(
      'usage:',
    );
    const none = await run([process.execPath, 'scripts/sqlite-prebuild.mjs'], {}, root);
    expect([none.code, none.stderr]).toEqual([2, expect.stringContaining('usage:')]);
  });
});
