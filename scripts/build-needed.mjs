// Builds what a command runs on before it runs: `node scripts/build-needed.mjs <turbo filter>...`,
// e.g. `@tas/mock^...` (the mock's dependencies). On a fresh clone that is a real build (say so);
// afterwards turbo finds everything cached in well under a second and this prints nothing.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const turbo = fileURLToPath(new URL('../node_modules/.bin/turbo', import.meta.url));
const filters = process.argv.slice(2);
const names = filters.map((f) => f.replace(/\^?\.\.\.$/, ''));
const label = `what ${names.join(', ')} need${names.length > 1 ? '' : 's'}`;

if (!existsSync(turbo)) {
  console.error('turbo is not installed: run npm install at the repository root first');
  process.exit(1);
}

const started = Date.now();
// A cache hit answers within a second; only a real build is announced, so a warm start stays quiet.
const notice = setTimeout(() => {
  console.error(`Building ${label} (first run, or after a change; turbo run build)...`);
}, 1000);
const child = spawn(turbo, ['run', 'build', '--output-logs=errors-only', ...filters.map((f) => `--filter=${f}`)], {
  cwd: root,
  stdio: ['ignore', 'pipe', 'pipe'],
  env: { TURBO_TELEMETRY_DISABLED: '1', ...process.env },
});
let output = '';
child.stdout.on('data', (d) => (output += d));
child.stderr.on('data', (d) => (output += d));
child.on('close', (code) => {
  clearTimeout(notice);
  if (code !== 0) {
    process.stderr.write(output);
    console.error(`Building ${label} failed (above); npm run build shows it in full.`);
    process.exit(1);
  }
  const seconds = (Date.now() - started) / 1000;
  if (seconds >= 1) console.error(`Built in ${seconds.toFixed(1)} s.`);
});
