import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

// What can refuse a release and what records one (the gate, the changelog, the packages' versions)
// are @tas/openapi-release's checkRelease and recordRelease, read from its built library in `root`
// (a copy of the repository in the release tests); `openapi` is the folder holding releases/,
// CHANGELOG.md and dist/ (the repository's openapi/ unless a test says).
export const releaseTooling = (root) => import(join(root, 'packages/openapi-release/dist/index.js'));

/** Writes the release folder from what is built: description, docs site, tarballs, SHA256SUMS. */
export function writeRelease({ root, openapi, version, out, log }) {
  const dir = resolve(out ?? join(root, 'dist/release', version));
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  cpSync(join(openapi, 'dist/openapi.yaml'), join(dir, `tas-api-${version}.yaml`));
  cpSync(join(openapi, 'dist/openapi.json'), join(dir, `tas-api-${version}.json`));
  cpSync(join(root, 'apps/docs/dist'), join(dir, 'docs'), { recursive: true });
  // Packed as built (release.mjs has just built them with turbo, or --no-build says they are): a
  // prepack script would build the package a second time.
  for (const pkg of ['packages/client', 'packages/conformance']) {
    execFileSync('npm', ['pack', '--silent', '--ignore-scripts', '--pack-destination', dir], {
      cwd: join(root, pkg),
      stdio: 'ignore',
    });
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
