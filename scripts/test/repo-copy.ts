import { execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { turboCacheDir } from '../turbo-cache.mjs';

const skip = (path: string) => !/(^|\/)(node_modules|test-artifacts|\.turbo)(\/|$)/.test(path);

/**
 * A throwaway copy of the repository for the release commands, committed in its own git: the
 * workspace files turbo needs, openapi/, its release tooling and scripts/ whole, node_modules linked. `built` adds the
 * packed packages and the docs site as built here (for a release that gets past its checks);
 * without it they are absent, so a build would show.
 */
export function repoCopy(root: string, { built }: { built: boolean }): string {
  const dir = mkdtempSync(join(tmpdir(), 'tas-release-copy-'));
  for (const file of ['package.json', 'package-lock.json', 'turbo.json', 'vitest.shared.ts', 'biome.json']) {
    cpSync(join(root, file), join(dir, file));
  }
  for (const group of ['apps', 'packages']) {
    for (const name of readdirSync(join(root, group))) {
      mkdirSync(join(dir, group, name), { recursive: true });
      cpSync(join(root, group, name, 'package.json'), join(dir, group, name, 'package.json'));
    }
  }
  // turbo.json's global dependencies, so that a build of the same files has the same hash as here.
  for (const file of ['packages/serve/src/limits.js', 'packages/serve/src/limits.d.ts']) {
    mkdirSync(join(dir, dirname(file)), { recursive: true });
    cpSync(join(root, file), join(dir, file));
  }
  for (const path of ['openapi', 'packages/openapi-release', 'scripts', 'packages/tsconfig']) {
    cpSync(join(root, path), join(dir, path), { recursive: true, filter: skip });
  }
  if (built) addBuilds(root, dir);
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=test', '-c', 'user.email=test@example.invalid', ...args], {
      cwd: dir,
      stdio: 'ignore',
    });
  git('init', '-q');
  if (!existsSync(join(dir, '.gitignore'))) cpSync(join(root, '.gitignore'), join(dir, '.gitignore'));
  git('add', '-A');
  git('commit', '-q', '-m', 'copy');
  return dir;
}

/** The packages and the docs site as built in `root`, into the copy (ignored by its git, as here). */
export function addBuilds(root: string, dir: string): void {
  for (const path of [
    'packages/client',
    'packages/conformance',
    'apps/docs/dist',
    'apps/sandbox/dist',
    'apps/mock/dist',
  ]) {
    cpSync(join(root, path), join(dir, path), { recursive: true, filter: skip });
  }
}

/**
 * What turbo in the copy would build for `filter` now, taken from this checkout's turbo cache where it is
 * there (the same files give the same hashes): the copy's next build of it is a restore. Returns how many
 * tasks were found.
 */
export function seedTurboCache(root: string, dir: string, filter: string): number {
  const dry = execFileSync(
    join(root, 'node_modules/.bin/turbo'),
    ['run', 'build', `--filter=${filter}`, '--dry=json'],
    {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' },
    },
  );
  const from = turboCacheDir(root);
  const to = join(dir, '.turbo', 'cache');
  mkdirSync(to, { recursive: true });
  let found = 0;
  for (const { hash } of (JSON.parse(dry) as { tasks: { hash: string }[] }).tasks) {
    const entries = [`${hash}.tar.zst`, `${hash}-meta.json`];
    if (!entries.every((name) => existsSync(join(from, name)))) continue;
    for (const name of entries) copyFileSync(join(from, name), join(to, name));
    found++;
  }
  return found;
}
