// better-sqlite3's compiled binary, kept for the next install on this machine (.ci/run). Its installer,
// prebuild-install, first looks for better-sqlite3-v<version>-node-v<abi>-<platform><libc>-<arch>.tar.gz in
// the folder npm_config_better_sqlite3_local_prebuilds names, then downloads one from GitHub (out of reach
// here), then compiles (about a minute on two cores). This writes that file from the binary an install has
// just compiled, under the name prebuild-install itself computes.
//   node scripts/sqlite-prebuild.mjs DIR [--from PACKAGE_DIR]   (prints what it did; exit 0 unless it fails)
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const USAGE = 'usage: node scripts/sqlite-prebuild.mjs DIR [--from PACKAGE_DIR]';
const { values, positionals } = parseArgs({
  options: { from: { type: 'string' }, help: { type: 'boolean' } },
  allowPositionals: true,
});
if (values.help || positionals.length !== 1) {
  (values.help ? console.log : console.error)(
    `sqlite-prebuild: keeps better-sqlite3's compiled binary where its installer looks first\n${USAGE}`,
  );
  process.exit(values.help ? 0 : 2);
}

const pkgDir = resolve(values.from ?? fileURLToPath(new URL('../node_modules/better-sqlite3', import.meta.url)));

/** The file prebuild-install looks for, named by its own configuration and URL template. */
function prebuildName(dir) {
  const require = createRequire(join(dir, 'package.json'));
  const pkg = require('./package.json');
  const opts = require('prebuild-install/rc')(pkg);
  return basename(require('prebuild-install/util').getDownloadUrl({ ...opts, pkg }));
}

const binary = join(pkgDir, 'build/Release/better_sqlite3.node');
const target = join(resolve(positionals[0]), prebuildName(pkgDir));
if (existsSync(target)) console.log(`sqlite-prebuild: ${target} is kept already`);
else if (!existsSync(binary)) console.log(`sqlite-prebuild: no compiled ${binary} to keep`);
else {
  mkdirSync(resolve(positionals[0]), { recursive: true });
  // Written whole, then renamed: an install reading the folder meanwhile never sees half a file.
  const partial = `${target}.${process.pid}.partial`;
  execFileSync('tar', ['-czf', partial, '-C', pkgDir, 'build/Release/better_sqlite3.node']);
  renameSync(partial, target);
  console.log(`sqlite-prebuild: kept ${target}`);
}
