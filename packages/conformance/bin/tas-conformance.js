#!/usr/bin/env node
// The committed bin: npm links it at install, before dist/ is built, and a rebuild leaves it (and its
// execute bit) alone. It runs the built CLI; in this repository it builds that first when missing.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const cli = new URL('../dist/cli.js', import.meta.url);
const buildNeeded = fileURLToPath(new URL('../../../scripts/build-needed.mjs', import.meta.url));

if (!existsSync(cli)) {
  const inRepository = existsSync(new URL('../src/cli.ts', import.meta.url)) && existsSync(buildNeeded);
  if (!inRepository) {
    process.stderr.write('tas-conformance: dist/cli.js is missing; reinstall @tas/conformance\n');
    process.exit(2);
  }
  // Its output goes to stderr, so that stdout carries only the CLI's own answer (e.g. --format json).
  const build = spawnSync(process.execPath, [buildNeeded, '@tas/conformance...'], { stdio: ['ignore', 2, 2] });
  if (build.status !== 0 || !existsSync(cli)) {
    process.stderr.write('tas-conformance: could not build it; run npm run build at the repository root\n');
    process.exit(2);
  }
}

const { main } = await import(cli.href);
process.exitCode = await main(process.argv.slice(2), {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  env: process.env,
});
