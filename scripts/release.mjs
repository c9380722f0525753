// npm run release [-- --out DIR]: one folder with everything a release ships (the bundled
// description, the docs site, the client and conformance tarballs, SHA256SUMS). Refuses when the
// breaking-change gate or the packages' versions refuse it, before building. Publishing stays
// manual: see openapi/README.md "Making a release".
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { releaseTooling, writeRelease } from './release/make.mjs';

const HELP = `Usage: npm run release [-- --out DIR]

First, in seconds and before building anything else: builds the description and checks that it may
be released; refuses (exit 1) when the breaking-change gate (npm run diff) fails, or when
packages/client or packages/conformance does not carry the description's MAJOR.MINOR (the fix:
npx changeset, npx changeset version). Then records a new info.version as
openapi/releases/<version>.yaml with its changelog entry (commit both), builds the docs and the
packages, and writes into DIR (default dist/release/<version>/):
  tas-api-<version>.yaml, tas-api-<version>.json   the bundled description
  docs/                                            the documentation site
  tas-client-<v>.tgz, tas-conformance-<v>.tgz      the npm tarballs
  tas-sandbox-<v>.tgz, tas-mock-<v>.tgz            the servers (npx --package ./<file> tas-sandbox)
  SHA256SUMS                                       checksums (sha256sum -c SHA256SUMS)
To abandon an attempt: see "Abandoning a release" in openapi/README.md.

  --out DIR   where to write (emptied first)
  --help      this text`;

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
if (args.includes('--help')) {
  console.log(HELP);
  process.exit(0);
}
let out;
// --openapi points the gate at another copy of openapi/ (the release test uses it to see a refusal).
let openapi = `${root}openapi`;
let build = true;
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  if (a === '--out' && args[i + 1]) out = args[++i];
  else if (a === '--openapi' && args[i + 1]) openapi = args[++i];
  else if (a === '--no-build') build = false;
  else {
    console.error(`unknown option ${a}: npm run release takes --out DIR or --help`);
    process.exit(2);
  }
}
const log = (line) => console.log(line);

function turboBuild(packages, what) {
  if (!build) return;
  log(`Building ${what}...`);
  const filters = packages.map((f) => `--filter=${f}`);
  const turbo = spawnSync(`${root}node_modules/.bin/turbo`, ['run', 'build', '--output-logs=errors-only', ...filters], {
    cwd: root,
    stdio: 'inherit',
    env: { TURBO_TELEMETRY_DISABLED: '1', ...process.env },
  });
  return turbo.status === 0;
}

try {
  // 1. What can refuse, first: only the description and the gate are built for it (a cache hit when unchanged).
  if (turboBuild(['@tas/openapi-release...'], 'the description') === false) {
    console.error('building the description failed: nothing released');
    process.exit(1);
  }
  const { checkRelease, recordRelease } = await releaseTooling(root);
  const checked = checkRelease({ root, openapi, log });
  if (!checked.ok) process.exit(1);
  // 2. Recorded before the docs are built, so that the site's Changes page calls this release released.
  const recorded = recordRelease({ openapi, version: checked.version, log });
  // 3. The rest, then the folder.
  if (turboBuild(['@tas/docs', '@tas/client', '@tas/conformance'], 'the docs and the packages') === false) {
    console.error('the build failed: nothing released');
    if (recorded) {
      console.error(
        `To abandon this release: rm openapi/releases/${checked.version}.yaml && git checkout openapi/CHANGELOG.md ` +
          '(openapi/README.md, "Abandoning a release"); or fix the build and run npm run release again.',
      );
    }
    process.exit(1);
  }
  writeRelease({ root, openapi, version: checked.version, out, log });
  process.exit(0);
} catch (error) {
  console.error(error.message);
  process.exit(2);
}
