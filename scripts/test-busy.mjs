// `npm run test:busy`: the whole `npm test` while two CPU-bound processes take the cores beside it,
// as on a shared machine or a busy CI runner; prints the wall time and exits with npm test's code.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const HELP = `npm run test:busy: runs npm test beside two CPU-bound processes (node busy loops), to prove
that no test depends on a quiet machine; prints the wall time at the end and exits with npm test's code.

Usage: npm run test:busy [-- --help]`;

const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  console.log(HELP);
  process.exit(0);
}
if (args.length) {
  console.error(`npm run test:busy: unknown argument ${args[0]}; see npm run test:busy -- --help`);
  process.exit(2);
}

const root = fileURLToPath(new URL('..', import.meta.url));
// Each loop also ends itself if this process dies without killing it (checked every ~10^8 turns).
const LOOP =
  'const parent = Number(process.argv[1]); for (let i = 0; ; i++) if (i % 1e8 === 0 && process.ppid !== parent) process.exit(0);';
const burners = [1, 2].map(() => spawn(process.execPath, ['-e', LOOP, String(process.pid)], { stdio: 'ignore' }));
const stopBurners = () => {
  for (const burner of burners) if (burner.exitCode === null && burner.signalCode === null) burner.kill('SIGKILL');
};
const started = Date.now();
console.log(
  `test:busy: npm test beside ${burners.length} CPU-bound processes (pids ${burners.map((b) => b.pid).join(', ')})`,
);
const tests = spawn('npm', ['test'], { cwd: root, stdio: 'inherit' });
process.on('exit', stopBurners);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    stopBurners();
    tests.kill(signal);
  });
}
tests.on('error', (error) => {
  console.error(`npm run test:busy: could not start npm test: ${error.message}`);
  process.exit(1);
});
tests.on('exit', (code, signal) => {
  stopBurners();
  const seconds = Math.round((Date.now() - started) / 1000);
  const wall = `${Math.floor(seconds / 60)}m ${String(seconds % 60).padStart(2, '0')}s`;
  console.log(
    `test:busy: npm test ${code === 0 ? 'passed' : `failed (${signal ?? `exit code ${code}`})`} in ${wall} wall time, beside ${burners.length} CPU-bound processes`,
  );
  process.exit(code ?? 1);
});
