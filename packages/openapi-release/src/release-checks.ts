import { cpSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderChangelog } from './changelog.js';
import { changelogEntries, checkWorkspace } from './check.js';
import { uncommittedReleases } from './git.js';
import { formatReport } from './report.js';
import { packageVersionProblems } from './versions.js';

/** Where a release is made: the repository's root, and the folder holding releases/, CHANGELOG.md and dist/. */
export interface ReleasePlace {
  root: string;
  openapi: string;
  log: (line: string) => void;
}

/**
 * Everything that can refuse a release, before anything is built: the breaking-change gate, and
 * the packages' versions against the description's MAJOR.MINOR.
 */
export function checkRelease({ root, openapi, log }: ReleasePlace): { ok: boolean; version: string } {
  const uncommitted = uncommittedReleases(openapi);
  const result = checkWorkspace({ root: openapi, uncommitted });
  log(formatReport(result));
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
export function recordRelease({ openapi, version, log }: Omit<ReleasePlace, 'root'> & { version: string }): boolean {
  const releases = join(openapi, 'releases');
  if (existsSync(join(releases, `${version}.yaml`))) return false;
  cpSync(join(openapi, 'dist/openapi.yaml'), join(releases, `${version}.yaml`));
  writeFileSync(join(openapi, 'CHANGELOG.md'), renderChangelog(changelogEntries({ root: openapi })));
  log(`Recorded openapi/releases/${version}.yaml and updated openapi/CHANGELOG.md: commit both.`);
  return true;
}
