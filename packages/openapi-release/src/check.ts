import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadDescription, type OpenApiDocument } from '@tas/openapi';
import { type ChangelogEntry, renderChangelog } from './changelog.js';
import { compareDescriptions } from './changes.js';
import { type GateResult, runGate } from './gate.js';
import { listReleases, loadRelease } from './releases.js';
import { compareVersions } from './semver.js';

/** Where the gate reads: the package root (releases/, CHANGELOG.md) and the working bundle. */
export interface Workspace {
  root: string;
  working?: OpenApiDocument;
  /**
   * Release versions whose file is not committed (read from git by the caller), or undefined when
   * that is not known: a release newer than the working description is then taken as left behind.
   */
  uncommitted?: string[];
}

/**
 * Releases newer than the working description that no commit holds: what an unfinished release
 * attempt leaves when the description is restored. They are set aside (and named) so that the
 * gate compares against the release the description was made from.
 */
export function strayReleases({ root, working, uncommitted }: Workspace): string[] {
  const doc = working ?? loadDescription(join(root, 'dist/openapi.json'));
  return listReleases(join(root, 'releases')).filter(
    (v) => compareVersions(v, doc.info.version) > 0 && (uncommitted === undefined || uncommitted.includes(v)),
  );
}

/** A release's note for partners, `notes/<version>.md`, when there is one. */
function noteOf(root: string, version: string): { note?: string } {
  const path = join(root, 'notes', `${version}.md`);
  return existsSync(path) ? { note: readFileSync(path, 'utf8') } : {};
}

function releasesOf(workspace: Workspace, doc: OpenApiDocument): string[] {
  const strays = strayReleases({ ...workspace, working: doc });
  return listReleases(join(workspace.root, 'releases')).filter((v) => !strays.includes(v));
}

/** Every release, and the working description when it differs from the latest, with their changes. */
export function changelogEntries(workspace: Workspace): ChangelogEntry[] {
  const { root, working } = workspace;
  const dir = join(root, 'releases');
  const doc = working ?? loadDescription(join(root, 'dist/openapi.json'));
  const versions = releasesOf(workspace, doc);
  const docs = versions.map((v) => loadRelease(dir, v));
  const entries: ChangelogEntry[] = versions.map((version, i) => ({
    version,
    ...(i > 0 ? { changes: compareDescriptions(docs[i - 1] as OpenApiDocument, docs[i] as OpenApiDocument) } : {}),
    ...noteOf(root, version),
  }));
  const latest = docs.at(-1);
  if (latest && doc.info.version !== latest.info.version) {
    entries.push({
      version: doc.info.version,
      changes: compareDescriptions(latest, doc),
      unreleased: true,
      ...noteOf(root, doc.info.version),
    });
  }
  return entries;
}

/** The gate run on the repository's files: the working bundle against the latest release. */
export function checkWorkspace(workspace: Workspace): GateResult & { released: string; version: string } {
  const { root, working, uncommitted } = workspace;
  const dir = join(root, 'releases');
  const doc = working ?? loadDescription(join(root, 'dist/openapi.json'));
  const latest = releasesOf(workspace, doc).at(-1);
  if (!latest) throw new Error(`no release in ${dir}: the first release is made from today's bundle`);
  const path = join(root, 'CHANGELOG.md');
  const committed = existsSync(path) ? readFileSync(path, 'utf8') : '';
  const expected = renderChangelog(changelogEntries({ ...workspace, working: doc }));
  const result = runGate({
    released: { version: latest, doc: loadRelease(dir, latest) },
    working: doc,
    changelog: { committed, expected },
  });
  const leftovers = strayReleases({ ...workspace, working: doc }).map(
    (v) =>
      `delete openapi/releases/${v}.yaml: left by an unfinished release of ${v} (the description is ${doc.info.version}); ` +
      'see "Abandoning a release" in openapi/README.md',
  );
  // The latest release not committed yet, and the gate failing: a release attempt may have left it.
  if (!result.ok && uncommitted?.includes(latest)) {
    leftovers.push(
      `openapi/releases/${latest}.yaml is not committed: if an unfinished release left it, delete it and run git checkout openapi/CHANGELOG.md`,
    );
  }
  const problems = [...leftovers, ...result.problems];
  return { ...result, ok: problems.length === 0, problems, released: latest, version: doc.info.version };
}
