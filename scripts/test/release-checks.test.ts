import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { TEST_LIMIT_MS } from '@tas/serve/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { addBuilds, repoCopy, seedTurboCache } from './repo-copy.js';

// What refuses a release and what undoes one, from the outside: the commands as child processes in
// a committed copy of the repository, where the contract moves to the next minor (an optional field on
// Record) exactly as openapi/README.md's worked example does.
const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));
const copies: string[] = [];
// The contract and the packages as they are today: the story moves from them to the next minor.
const CURRENT = (/^ {2}version: (\S+)$/m.exec(readFileSync(join(root, 'openapi/openapi.yaml'), 'utf8')) ?? [])[1] ?? '';
const PACKAGES = JSON.parse(readFileSync(join(root, 'packages/client/package.json'), 'utf8')).version as string;
/** The next minor version of the contract, where the story goes. */
const NEXT = CURRENT.replace(
  /^(\d+)\.(\d+)\.\d+$/,
  (_, major: string, minor: string) => `${major}.${Number(minor) + 1}.0`,
);
const RELEASES = readdirSync(join(root, 'openapi/releases')).sort();
afterAll(() => {
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
});

type Result = { code: number; stdout: string; stderr: string };
const exec = (cwd: string, file: string, args: string[]): Promise<Result> =>
  run(file, args, { cwd, env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' } }).then(
    (r) => ({ code: 0, ...r }),
    (e: Result) => e,
  );
const release = (dir: string, ...args: string[]) => exec(dir, 'node', ['scripts/release.mjs', ...args]);
// npm run diff: build the description (turbo), then the gate, as the root script does.
const diff = async (dir: string, ...args: string[]) => {
  const built = await exec(dir, 'node', ['scripts/build-needed.mjs', '@tas/openapi']);
  expect(built.code, built.stderr).toBe(0);
  return exec(join(dir, 'packages/openapi-release'), join(root, 'node_modules/.bin/tsx'), ['scripts/diff.ts', ...args]);
};

/** the next minor: TestRecord gains an optional field, info.version is bumped and the changelog written. */
async function contract210(dir: string) {
  const record = join(dir, 'openapi/components/schemas/TestRecord.yaml');
  const schema = parse(readFileSync(record, 'utf8'));
  schema.properties.test_description = { type: 'string', maxLength: 2000, description: 'What the test measures.' };
  writeFileSync(record, stringify(schema));
  const main = join(dir, 'openapi/openapi.yaml');
  writeFileSync(main, readFileSync(main, 'utf8').replace(`  version: ${CURRENT}\n`, `  version: ${NEXT}\n`));
  const written = await diff(dir, '--write');
  expect(written.stdout).toContain('OK the gate passes');
}

function setVersion(dir: string, pkg: string, version: string) {
  const path = join(dir, pkg, 'package.json');
  writeFileSync(path, `${JSON.stringify({ ...JSON.parse(readFileSync(path, 'utf8')), version }, null, 2)}\n`);
}

// One copy for the whole story (each turbo build of the description in a copy costs a minute on a
// busy machine): refused while the packages lag, then released, then abandoned.
let dir = '';

describe('npm run release checks first, before building', () => {
  it(
    `refuses a ${NEXT} contract while the packages are ${PACKAGES}, naming the tarballs it would have packed and the fix`,
    async () => {
      dir = repoCopy(root, { built: false });
      copies.push(dir);
      await contract210(dir);
      const { code, stdout } = await release(dir, '--out', join(dir, 'out'));
      expect(stdout).toContain('OK the gate passes');
      expect(stdout).toContain(
        `packages/client/package.json is @tas/client@${PACKAGES}, but the description is ${NEXT}: the release would pack tas-client-${PACKAGES}.tgz`,
      );
      expect(stdout).toContain(`packages/conformance/package.json is @tas/conformance@${PACKAGES}`);
      expect(stdout).toMatch(
        /to fix: npx changeset \(pick @tas\/client and @tas\/conformance, minor.*npx changeset version/,
      );
      expect(stdout).toContain(`Refusing to release ${NEXT}: the versions fail`);
      expect(code).toBe(1);
      // Nothing past the checks ran: no docs or package build, no release recorded, no folder.
      expect(stdout).not.toContain('Building the docs and the packages');
      expect(existsSync(join(dir, 'apps/docs/dist'))).toBe(false);
      expect(existsSync(join(dir, 'packages/client/dist'))).toBe(false);
      expect(readdirSync(join(dir, 'openapi/releases')).sort()).toEqual(RELEASES);
      expect(existsSync(join(dir, 'out'))).toBe(false);
    },
    2 * TEST_LIMIT_MS,
  );
});

describe('a release attempt, then abandoned', () => {
  it(
    `records ${NEXT} as released; after git checkout, npm run diff names the file to delete, and passes once it is gone`,
    async () => {
      expect(dir, `the refusal above made the ${NEXT} copy`).not.toBe('');
      // The fix the refusal named, and what the build would have made (the docs and packages as built here).
      addBuilds(root, dir);
      setVersion(dir, 'packages/client', NEXT);
      setVersion(dir, 'packages/conformance', NEXT);

      // The docs and packages come as built here (--no-build): this is about what is recorded.
      const released = await release(dir, '--no-build', '--out', join(dir, 'out'));
      expect(released.stdout).toContain(`Recorded openapi/releases/${NEXT}.yaml`);
      expect(released.code).toBe(0);
      const changelog = readFileSync(join(dir, 'openapi/CHANGELOG.md'), 'utf8');
      expect(changelog).toContain(`## ${NEXT}\n`);
      expect(changelog).not.toContain('unreleased');
      expect(readdirSync(join(dir, 'out'))).toContain(`tas-client-${NEXT}.tgz`);

      // Abandoned as openapi/README.md says at first: the tracked files restored, the new release left.
      await exec(dir, 'git', ['checkout', '--', '.']);
      // The description is now this checkout's (releases/ is no input of its build), built already here:
      // both diffs below restore that build rather than make it again.
      expect(seedTurboCache(root, dir, '@tas/openapi')).toBeGreaterThan(0);
      const stale = await diff(dir);
      expect(stale.stdout).toContain(
        `FAIL delete openapi/releases/${NEXT}.yaml: left by an unfinished release of ${NEXT} (the description is ${CURRENT})`,
      );
      expect(stale.code).toBe(1);

      rmSync(join(dir, `openapi/releases/${NEXT}.yaml`));
      const clean = await diff(dir);
      expect(clean.stdout).toContain('OK the gate passes');
      expect(clean.code).toBe(0);
    },
    2 * TEST_LIMIT_MS,
  );
});
