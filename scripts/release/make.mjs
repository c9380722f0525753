import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

/**
 * Makes a release folder. The gate and changelog come from @tas/openapi's built library; `openapi` is
 * the folder holding releases/, CHANGELOG.md and dist/ (the repository's openapi/ unless a test says).
 */
export async function makeRelease({ root, openapi, out, log }) {
  const lib = await import(join(root, 'openapi/dist/lib/index.js'));
  let result = lib.checkWorkspace({ root: openapi });
  log(lib.formatReport(result));
  if (!result.ok) {
    log('Refusing to release: the gate fails (fix what it says, then run npm run release again).');
    return { ok: false };
  }
  const version = result.version;
  const releases = join(openapi, 'releases');
  if (!existsSync(join(releases, `${version}.yaml`))) {
    // A new version: record it, so the next gate compares against it, and mark it released in the changelog.
    cpSync(join(openapi, 'dist/openapi.yaml'), join(releases, `${version}.yaml`));
    writeFileSync(join(openapi, 'CHANGELOG.md'), lib.renderChangelog(lib.changelogEntries({ root: openapi })));
    log(`Recorded openapi/releases/${version}.yaml and updated openapi/CHANGELOG.md: commit both.`);
    result = lib.checkWorkspace({ root: openapi });
  }

  const dir = resolve(out ?? join(root, 'dist/release', version));
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  cpSync(join(openapi, 'dist/openapi.yaml'), join(dir, `tas-api-${version}.yaml`));
  cpSync(join(openapi, 'dist/openapi.json'), join(dir, `tas-api-${version}.json`));
  cpSync(join(root, 'apps/docs/dist'), join(dir, 'docs'), { recursive: true });
  for (const pkg of ['packages/client', 'packages/conformance']) {
    execFileSync('npm', ['pack', '--silent', '--pack-destination', dir], { cwd: join(root, pkg), stdio: 'ignore' });
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
  return { ok: true, dir, version };
}

function walk(dir, base = dir) {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path, base) : [relative(base, path)];
    });
}
