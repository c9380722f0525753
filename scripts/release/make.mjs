import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { packageVersionProblems } from './versions.mjs';

// The gate and changelog come from @tas/openapi-release's built library; `openapi` is the folder
// holding releases/, CHANGELOG.md and dist/ (the repository's openapi/ unless a test says).
const library = (root) => import(join(root, 'packages/openapi-release/dist/index.js'));

/**
 * Everything that can refuse a release, before anything is built: the breaking-change gate, and
 * the packages' versions against the description's MAJOR.MINOR.
 */
export async function checkRelease({ root, openapi, log }) {
  const lib = await library(root);
  const uncommitted = lib.uncommittedReleases(openapi);
  const result = lib.checkWorkspace({ root: openapi, uncommitted });
  log(lib.formatReport(result));
  const versions = packageVersionProblems(root, result.version);
  for (const problem of versions) log(`FAIL ${problem}`);
  if (!result.ok || versions.length) {
    const what =
      !result.ok && versions.length
        ? 'the gate and the versions fail'
        : result.ok
          ? 'the versions fail'
          : 'the gate fails';
    log(
      `Refusing to release ${result.version}: ${what} (fix what it says, then run npm run release again). Nothing was built or written.`,
    );
    return { ok: false, version: result.version };
  }
  return { ok: true, version: result.version };
}

/** A new version is recorded as releases/<version>.yaml, and its changelog entry marked released. */
export async function recordRelease({ root, openapi, version, log }) {
  const releases = join(openapi, 'releases');
  if (existsSync(join(releases, `${version}.yaml`))) return false;
  const lib = await library(root);
  cpSync(join(openapi, 'dist/openapi.yaml'), join(releases, `${version}.yaml`));
  writeFileSync(join(openapi, 'CHANGELOG.md'), lib.renderChangelog(lib.changelogEntries({ root: openapi })));
  log(`Recorded openapi/releases/${version}.yaml and updated openapi/CHANGELOG.md: commit both.`);
  return true;
}

/** Writes the release folder from what is built: description, docs site, tarballs, SHA256SUMS. */
export function writeRelease({ root, openapi, version, out, log }) {
  const dir = resolve(out ?? join(root, 'dist/release', version));
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  cpSync(join(openapi, 'dist/openapi.yaml'), join(dir, `tas-api-${version}.yaml`));
  cpSync(join(openapi, 'dist/openapi.json'), join(dir, `tas-api-${version}.json`));
  cpSync(join(root, 'apps/docs/dist'), join(dir, 'docs'), { recursive: true });
  for (const pkg of ['packages/client', 'packages/conformance']) {
    execFileSync('npm', ['pack', '--silent', '--pack-destination', dir], { cwd: join(root, pkg), stdio: 'ignore' });
  }
  // The sandbox and the mock, as their builds packed them (bins tas-sandbox and tas-mock).
  for (const app of ['apps/sandbox/dist', 'apps/mock/dist']) {
    const tarballs = existsSync(join(root, app)) ? readdirSync(join(root, app)).filter((f) => f.endsWith('.tgz')) : [];
    if (!tarballs.length) throw new Error(`${app} has no tarball: build it first (npx turbo run build)`);
    for (const file of tarballs) cpSync(join(root, app, file), join(dir, file));
  }
  const files = walk(dir).filter((f) => f !== 'SHA256SUMS');
  const sums = files.map(
    (f) =>
      `${createHash('sha256')
        .update(readFileSync(join(dir, f)))
        .digest('hex')}  ${f}`,
  );
  writeFileSync(join(dir, 'SHA256SUMS'), `${sums.join('\n')}\n`);
  log(`Released ${version} into ${dir} (${files.length} files, SHA256SUMS).`);
  log('To publish: npm publish <each .tgz> (manual; see openapi/README.md).');
  return dir;
}

function walk(dir, base = dir) {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path, base) : [relative(base, path)];
    });
}
