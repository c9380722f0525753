// npm run release [-- --out DIR]: one folder with everything a release ships (the bundled
// description, the docs site, the client and conformance tarballs, SHA256SUMS). Refuses when the
// breaking-change gate fails. Publishing stays manual: see openapi/README.md "Releasing".
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { makeRelease } from './release/make.mjs';

const HELP = `Usage: npm run release [-- --out DIR]

Builds the description, the docs and the packages, runs the breaking-change gate (npm run diff)
and, when it passes, writes into DIR (default dist/release/<version>/):
  tas-api-<version>.yaml, tas-api-<version>.json   the bundled description
  docs/                                            the documentation site
  tas-client-<v>.tgz, tas-conformance-<v>.tgz      the npm tarballs
  SHA256SUMS                                       checksums (sha256sum -c SHA256SUMS)
A new info.version is recorded as openapi/releases/<version>.yaml (commit it with CHANGELOG.md).

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

if (build) {
  const filters = ['@tas/openapi', '@tas/docs', '@tas/client', '@tas/conformance'].map((f) => `--filter=${f}`);
  const turbo = spawnSync(`${root}node_modules/.bin/turbo`, ['run', 'build', '--output-logs=errors-only', ...filters], {
    cwd: root,
    stdio: 'inherit',
    env: { TURBO_TELEMETRY_DISABLED: '1', ...process.env },
  });
  if (turbo.status !== 0) {
    console.error('the build failed: nothing released');
    process.exit(1);
  }
}
try {
  const result = await makeRelease({ root, openapi, out, log: (line) => console.log(line) });
  process.exit(result.ok ? 0 : 1);
} catch (error) {
  console.error(error.message);
  process.exit(2);
}
