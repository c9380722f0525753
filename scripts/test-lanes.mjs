// Every package's tests (turbo's `test`, and the root's `test:scripts`), on lanes taken longest first
// (test-lanes/lanes.mjs). Builds are not run here: `npm test` has built everything just before.
//   node scripts/test-lanes.mjs [--lanes N]   default 2, this machine's cores
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { queue, runLanes, spentLines } from './test-lanes/lanes.mjs';
import { testedDirs } from './test-summary/reports.mjs';

const USAGE = 'usage: node scripts/test-lanes.mjs [--lanes N] (N from 1 to 8, default 2)';
let values;
try {
  ({ values } = parseArgs({ options: { lanes: { type: 'string', default: '2' }, help: { type: 'boolean' } } }));
} catch (error) {
  console.error(`test-lanes: ${error.message}; ${USAGE}`);
  process.exit(2);
}
if (values.help) {
  console.log(`test-lanes: runs every package's tests, at most N packages at once, the longest first\n${USAGE}`);
  process.exit(0);
}
const lanes = Number(values.lanes);
if (!Number.isInteger(lanes) || lanes < 1 || lanes > 8) {
  console.error(`test-lanes: --lanes ${values.lanes} is no whole number from 1 to 8; ${USAGE}`);
  process.exit(2);
}

const root = fileURLToPath(new URL('..', import.meta.url));
const turbo = join(root, 'node_modules', '.bin', 'turbo');
/** turbo's task of a folder's tests: the root's own scripts, or a workspace's `test`. */
const task = (dir) =>
  dir === 'scripts'
    ? ['test:scripts', '--filter=//']
    : ['test', `--filter=${JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')).name}`];

// What each folder's tests took, also kept for .ci/run's closing lines (a turbo cache hit takes a second).
const spentFile = join(root, 'test-artifacts', 'lanes.txt');
rmSync(spentFile, { force: true });
const spent = new Map();
const started = Date.now();
const failed = await runLanes(queue(testedDirs(root)), lanes, (dir) => {
  const began = Date.now();
  console.log(`test-lanes: ${dir} started`);
  return new Promise((resolve) => {
    const child = spawn(turbo, ['run', ...task(dir), '--only'], { cwd: root, stdio: 'inherit' });
    child.on('error', (error) => {
      console.error(`test-lanes: ${dir} could not start turbo: ${error.message}`);
      resolve(false);
    });
    child.on('close', (code) => {
      spent.set(dir, `${Math.round((Date.now() - began) / 1000)} s${code === 0 ? '' : ', failed'}`);
      console.log(`test-lanes: ${dir} ${code === 0 ? 'passed' : 'failed'} in ${spent.get(dir)}`);
      resolve(code === 0);
    });
  });
});
const table = spentLines(spent, Math.round((Date.now() - started) / 1000), lanes);
console.log(`test-lanes: ${table.join('\n')}`);
mkdirSync(join(root, 'test-artifacts'), { recursive: true });
writeFileSync(spentFile, `${table.join('\n')}\n`);
if (failed.length) console.log(`test-lanes: failed: ${failed.join(', ')}`);
process.exitCode = failed.length ? 1 : 0;
