// The README tried from the outside, as a newcomer meets it: clone this checkout's HEAD into an empty
// folder (no node_modules, no dist, no turbo cache), run the README's first command there, wait for
// the URLs it prints, get a 200 from the mock, the sandbox and the docs, stop it with Ctrl-C (SIGINT
// to its process group), check the ports are free again; then `npm run mock|sandbox|docs` each alone
// with the description's build removed (a first run rebuilds or restores it), and
// `npx tas-conformance --help`. Between the two, the tests that read the interface document run in the
// clone with the document beside it and without (a clone alone passes).
// Run by .ci/run. MOCK_PORT, SANDBOX_PORT and DOCS_PORT pass through (0 = free ports, for a shared
// machine); unset, the README's own ports are used.
// The first command's `npm install` is the one .ci/run itself just ran in its own clean clone, with the
// same lockfile: the clone takes that install as links (a second, not the two minutes of compiling
// better-sqlite3 again) and runs the rest of the command. Likewise its builds: turbo in the clone uses
// the checkout's cache, where .ci/run's npm test has just built this HEAD from nothing, so the first
// start restores what it needs (the same files, hence the same hashes and outputs) rather than building
// it a second time; a build npm start needs and does not ask turbo for is still missing here. --install
// runs the whole command from nothing instead: its install, and its builds in the clone's own cache.
// Usage: node scripts/fresh-clone.mjs [--keep] [--install]
import { spawn, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
// The limits every test waits within, stated once: a loaded machine's.
import { READY_LIMIT_MS } from '@tas/serve/limits';
import { turboCacheDir } from './turbo-cache.mjs';

const checkout = fileURLToPath(new URL('..', import.meta.url));
const keep = process.argv.includes('--keep');
const install = process.argv.includes('--install');
const started = Date.now();
const say = (line) => console.log(`fresh-clone [${Math.round((Date.now() - started) / 1000)} s] ${line}`);
const fail = (line) => {
  throw new Error(line);
};

/** The first line of the README's first sh code block, without its comment. */
function firstCommand(readme) {
  const block = /```sh\n([\s\S]*?)```/.exec(readme)?.[1];
  const line = block?.split('\n').find((l) => l.trim() && !l.trim().startsWith('#'));
  if (!line) fail('README.md has no ```sh code block with a command');
  return line.replace(/\s+#.*$/, '').trim();
}

const git = (cwd, ...args) => {
  const run = spawnSync('git', args, { cwd, encoding: 'utf8' });
  if (run.status !== 0) fail(`git ${args.join(' ')}: ${run.stderr.trim()}`);
  return run.stdout.trim();
};

const portFree = (port) =>
  new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

async function get(url, headers = {}) {
  const res = await fetch(url, { headers, signal: AbortSignal.timeout(READY_LIMIT_MS) });
  await res.arrayBuffer();
  return res.status;
}

/** Runs `command` in its own process group, echoing its output. */
function launch(command, cwd, env) {
  const child = spawn('sh', ['-c', command], { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const run = {
    child,
    output: '',
    exited: new Promise((r) => child.once('exit', (code, signal) => r(code ?? signal))),
  };
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (data) => {
      run.output += data;
      for (const line of String(data).split('\n').filter(Boolean)) console.log(`  | ${line}`);
    });
  }
  running.push(run);
  return run;
}

async function until(run, pattern, minutes) {
  const deadline = Date.now() + minutes * 60_000;
  for (;;) {
    const found = pattern.exec(run.output);
    if (found) return found;
    if (run.child.exitCode !== null) fail(`the command exited (${run.child.exitCode}) before printing its URL`);
    if (Date.now() > deadline) fail(`nothing matched ${pattern} within ${minutes} min`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Ctrl-C as a terminal sends it: SIGINT to the whole process group; then the ports must be free. */
async function interrupt(run, ports) {
  process.kill(-run.child.pid, 'SIGINT');
  let timer;
  const stop = await Promise.race([
    run.exited,
    new Promise((r) => {
      timer = setTimeout(() => r('still running'), READY_LIMIT_MS);
    }),
  ]);
  // Left pending, the limit's timer kept the check alive for two idle minutes after it passed.
  clearTimeout(timer);
  if (stop === 'still running') fail(`did not stop within ${READY_LIMIT_MS / 1000} s of SIGINT`);
  const busy = [];
  for (const port of ports) if (!(await portFree(port))) busy.push(port);
  if (busy.length) fail(`ports still in use after Ctrl-C: ${busy.join(', ')}`);
  say(`Ctrl-C stopped it (${stop}); ports ${ports.join(', ')} are free again`);
}

/**
 * The checkout's install as the clone's: each package a link to the checkout's folder (a few hundred
 * links, where hard links to every file took half a minute to make and as long to remove); the
 * workspace links (`@tas/*`) and the bin links copied as they are, relative, so that they name the
 * clone's packages; tools' caches (`.vite`, `.cache`) left out, so that nothing writes into the checkout.
 */
function linkInstall(from, to) {
  mkdirSync(to);
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const [source, target] = [join(from, entry.name), join(to, entry.name)];
    if (entry.name === '@tas' || entry.name === '.bin') {
      const cp = spawnSync('cp', ['-RP', source, target]);
      if (cp.status !== 0) fail(`cp -RP ${source}: ${cp.stderr}`);
    } else if (entry.name.startsWith('.')) {
      if (entry.isFile()) copyFileSync(source, target);
    } else symlinkSync(source, target);
  }
}

/**
 * `npm install && REST` without its install: the checkout's node_modules linked into the clone (its
 * workspace links are relative, so they name the clone's packages), when the lockfiles are the same.
 */
function reuseInstall(command, clone) {
  const [first, ...rest] = command.split('&&').map((part) => part.trim());
  if (first !== 'npm install' || !rest.length)
    fail(`the first command no longer starts with npm install &&: ${command}`);
  const lock = (root) => readFileSync(join(root, 'package-lock.json'), 'utf8');
  if (!existsSync(join(checkout, 'node_modules')) || lock(checkout) !== lock(clone))
    fail('the checkout has no install of the same lockfile to reuse: run npm install first, or pass --install');
  linkInstall(join(checkout, 'node_modules'), join(clone, 'node_modules'));
  say(`npm install: the checkout's (same lockfile) linked in; running ${rest.join(' && ')}`);
  return rest.join(' && ');
}

/** Runs a command to its end without holding the event loop (spawnSync would stall the servers' output). */
function ran(file, args, options) {
  return new Promise((resolve) => {
    const child = spawn(file, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/**
 * Runs the tests that look for the interface document (those calling findInterface) in the clone:
 * once with the checkout's document copied beside the clone, once with none there. Only these: the
 * rest of `npm test` reads nothing outside the repository, so its run by .ci/run already proves it,
 * and a second whole `npm test` would cost as long again.
 */
async function interfacePasses(clone, beside) {
  const files = git(clone, 'grep', '-l', 'findInterface(', '--', '*.test.ts').split('\n').filter(Boolean);
  if (!files.length) fail('no test looks for the interface document (findInterface)');
  const source = process.env.TAS_INTERFACE_MD || join(checkout, '..', 'shared', 'interface.md');
  const passes = [];
  if (existsSync(source)) passes.push({ beside: true, says: `checked against the interface document at ${beside}` });
  else say(`no interface document at ${source} (nor TAS_INTERFACE_MD): the pass with one beside the clone is skipped`);
  passes.push({ beside: false, says: 'NOT checked against the interface document' });
  const { TAS_INTERFACE_MD: _, ...env } = process.env;
  for (const pass of passes) {
    rmSync(dirname(beside), { recursive: true, force: true });
    if (pass.beside) {
      mkdirSync(dirname(beside));
      copyFileSync(source, beside);
    }
    for (const file of files) {
      const pkg = file.slice(0, file.indexOf('/test/'));
      const where = pass.beside ? `with ${beside}` : 'with nothing beside the clone';
      say(`${file}, ${where}`);
      const run = await ran('npx', ['vitest', 'run', file.slice(pkg.length + 1)], { cwd: join(clone, pkg), env });
      const output = `${run.stdout}${run.stderr}`;
      for (const line of output.split('\n').filter((l) => /interface document|Tests |FAIL/.test(l)))
        console.log(`  | ${line}`);
      if (run.status !== 0) fail(`${file} failed ${where}`);
      if (!output.includes(pass.says)) fail(`${file} did not say "${pass.says}"`);
    }
  }
  rmSync(dirname(beside), { recursive: true, force: true });
}

/** The checkout's turbo cache for the clone's turbo runs (not with --install: there the clone builds). */
function checkoutCache() {
  const cache = turboCacheDir(checkout);
  if (install || !existsSync(cache)) return {};
  say(`turbo in the clone uses the checkout's cache (${cache}): what npm test built is restored, not built again`);
  return { TURBO_CACHE_DIR: cache };
}

const running = [];
const dir = mkdtempSync(join(tmpdir(), 'tas-fresh-clone-'));
const clone = join(dir, 'repo');
try {
  const head = git(checkout, 'rev-parse', 'HEAD');
  say(`cloning ${checkout} at ${head.slice(0, 12)} into ${clone}`);
  git(dir, 'clone', '--quiet', '--no-hardlinks', checkout, clone);
  git(clone, 'checkout', '--quiet', '--detach', head);

  // The README's ports when they are free; on a machine where something holds one, free ports.
  const cache = checkoutCache();
  const env = { ...process.env, ...cache };
  const readmePorts = { MOCK_PORT: 4010, SANDBOX_PORT: 4020, DOCS_PORT: 8080 };
  if (Object.keys(readmePorts).every((name) => env[name] === undefined)) {
    const taken = [];
    for (const port of Object.values(readmePorts)) if (!(await portFree(port))) taken.push(port);
    if (taken.length) {
      say(`port ${taken.join(', ')} in use on this machine: MOCK_PORT, SANDBOX_PORT, DOCS_PORT set to 0 (free ports)`);
      for (const name of Object.keys(readmePorts)) env[name] = '0';
    }
  }

  const command = firstCommand(readFileSync(join(clone, 'README.md'), 'utf8'));
  say(`the README's first command: ${command}`);
  const start = launch(install ? command : reuseInstall(command, clone), clone, env);
  // The tests that read the interface document, twice: with it beside the clone, as beside this
  // checkout, and with nothing beside it, as in a partner's clone (issue 31). They need what npm start
  // built first (turbo, the docs site included, before the servers start), and run beside the servers' start.
  await until(start, /^\[docs\] |Running \(Ctrl-C stops all\)/m, 10);
  const passes = interfacePasses(clone, join(dir, 'shared', 'interface.md')).then(
    () => undefined,
    (error) => error,
  );
  await until(start, /Running \(Ctrl-C stops all\):(\n {2}\w+ +http\S+){3}/, 10);
  const urls = Object.fromEntries([...start.output.matchAll(/^ {2}(\w+) +(http:\S+)$/gm)].map((m) => [m[1], m[2]]));
  say(`printed ${JSON.stringify(urls)}`);
  const answers = {
    mock: await get(`${urls.mock}record/`, { 'API-KEY': 'any-key' }),
    sandbox: await get(`${urls.sandbox}record/`, { 'API-KEY': 'sandbox-key-sms' }),
    docs: await get(urls.docs),
  };
  say(`answers ${JSON.stringify(answers)}`);
  if (Object.values(answers).some((status) => status !== 200)) fail('want 200 from each');
  await interrupt(
    start,
    Object.values(urls).map((url) => Number(new URL(url).port)),
  );

  const failedPasses = await passes;
  if (failedPasses) throw failedPasses;

  // Each server alone, on a free port, after the description's build is gone.
  const alone = [
    ['mock', '/api/v2/record/', 'any-key'],
    ['sandbox', '/api/v2/record/', 'sandbox-key-sms'],
    ['docs', '/', ''],
  ];
  for (const [name, path, key] of alone) {
    rmSync(join(clone, 'openapi', 'dist'), { recursive: true, force: true });
    say(`npm run ${name} -- --port 0 (openapi/dist removed)`);
    const one = launch(`npm run ${name} -- --port 0`, clone, { ...process.env, ...cache });
    const [, base] = await until(one, /listening on (http:\/\/[^\s/]+)/, 3);
    const status = await get(`${base}${path}`, key ? { 'API-KEY': key } : {});
    say(`${name} at ${base}${path}: ${status}`);
    if (status !== 200) fail(`want 200 from npm run ${name}`);
    await interrupt(one, [Number(new URL(base).port)]);
  }

  // npm_config_yes=false: were the bin not linked, npx must fail rather than fetch a stranger's package.
  const bin = realpathSync(join(clone, 'node_modules/.bin/tas-conformance'));
  if (!bin.startsWith(realpathSync(clone))) fail(`tas-conformance links outside the clone: ${bin}`);
  say('npx tas-conformance --help');
  const npx = spawnSync('npx', ['tas-conformance', '--help'], {
    cwd: clone,
    encoding: 'utf8',
    env: { ...process.env, npm_config_yes: 'false' },
  });
  for (const line of `${npx.stderr}${npx.stdout}`.split('\n').filter(Boolean).slice(0, 6)) console.log(`  | ${line}`);
  if (npx.status !== 0 || !npx.stdout.includes('Usage:')) fail(`npx tas-conformance --help exited ${npx.status}`);
  say('passed');
} catch (error) {
  say(`FAILED: ${error.message}`);
  process.exitCode = 1;
} finally {
  for (const { child } of running) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {}
  }
  if (keep || process.exitCode) say(`left ${dir} for a look`);
  else {
    // `rm -rf` takes seconds where node's rmSync took about two minutes over the clone's node_modules.
    say(`removing ${dir}`);
    const rm = spawnSync('rm', ['-rf', dir]);
    if (rm.status !== 0) rmSync(dir, { recursive: true, force: true });
    say('removed');
  }
}
