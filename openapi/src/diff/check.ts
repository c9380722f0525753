import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadDescription, type OpenApiDocument } from '../description.js';
import { type ChangelogEntry, renderChangelog } from './changelog.js';
import { compareDescriptions } from './changes.js';
import { type GateResult, runGate } from './gate.js';
import { listReleases, loadRelease } from './releases.js';

/** Where the gate reads: the package root (releases/, CHANGELOG.md) and the working bundle. */
export interface Workspace {
  root: string;
  working?: OpenApiDocument;
}

/** Every release, and the working description when it differs from the latest, with their changes. */
export function changelogEntries({ root, working }: Workspace): ChangelogEntry[] {
  const dir = join(root, 'releases');
  const versions = listReleases(dir);
  const docs = versions.map((v) => loadRelease(dir, v));
  const entries: ChangelogEntry[] = versions.map((version, i) => ({
    version,
    ...(i > 0 ? { changes: compareDescriptions(docs[i - 1] as OpenApiDocument, docs[i] as OpenApiDocument) } : {}),
  }));
  const latest = docs.at(-1);
  const doc = working ?? loadDescription(join(root, 'dist/openapi.json'));
  if (latest && doc.info.version !== latest.info.version) {
    entries.push({ version: doc.info.version, changes: compareDescriptions(latest, doc), unreleased: true });
  }
  return entries;
}

/** The gate run on the repository's files: the working bundle against the latest release. */
export function checkWorkspace({ root, working }: Workspace): GateResult & { released: string; version: string } {
  const dir = join(root, 'releases');
  const latest = listReleases(dir).at(-1);
  if (!latest) throw new Error(`no release in ${dir}: the first release is made from today's bundle`);
  const doc = working ?? loadDescription(join(root, 'dist/openapi.json'));
  const path = join(root, 'CHANGELOG.md');
  const committed = existsSync(path) ? readFileSync(path, 'utf8') : '';
  const expected = renderChangelog(changelogEntries({ root, working: doc }));
  const result = runGate({
    released: { version: latest, doc: loadRelease(dir, latest) },
    working: doc,
    changelog: { committed, expected },
  });
  return { ...result, released: latest, version: doc.info.version };
}
