// npm run diff [-- --write]: the breaking-change gate on the working description (openapi/dist/openapi.json)
// against the latest release in openapi/releases/; --write regenerates CHANGELOG.md from the diffs first.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderChangelog } from '../src/changelog.js';
import { changelogEntries, checkWorkspace } from '../src/check.js';
import { uncommittedReleases } from '../src/git.js';
import { formatReport } from '../src/report.js';

const HELP = `Usage: npm run diff [-- --write]

Compares the working description (openapi/dist/openapi.json, built by npm run build) with the
latest release in openapi/releases/ and classifies every change as breaking, non-breaking or
annotation. Fails (exit 1) when a change comes without a version bump or a changelog entry, or a
breaking change without a major bump, or when an unfinished release left a file in
openapi/releases/ (it names the file to delete; see "Abandoning a release" in openapi/README.md).

  --write   regenerate openapi/CHANGELOG.md from the diffs first
  --help    this text`;

const args = process.argv.slice(2);
if (args.includes('--help')) {
  console.log(HELP);
  process.exit(0);
}
const unknown = args.filter((a) => a !== '--write');
if (unknown.length > 0) {
  console.error(`unknown option ${unknown[0]}: npm run diff takes --write or --help`);
  process.exit(2);
}
// The repository's description package: releases/, notes/, CHANGELOG.md and the built dist/ (a
// folder of this checkout, not the installed @tas/openapi, so that a copy of the repository gates its own).
const root = fileURLToPath(new URL('../../../openapi/', import.meta.url));
// Which release files git does not hold: how a leftover of an unfinished release is told apart.
const uncommitted = uncommittedReleases(root);
try {
  if (args.includes('--write')) {
    writeFileSync(`${root}CHANGELOG.md`, renderChangelog(changelogEntries({ root, uncommitted })));
    console.log('Wrote openapi/CHANGELOG.md');
  }
  const result = checkWorkspace({ root, uncommitted });
  console.log(formatReport(result));
  process.exit(result.ok ? 0 : 1);
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}
