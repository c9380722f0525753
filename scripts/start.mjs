// `npm start`: the mock, the sandbox and the docs together, each in a process of its own; Ctrl-C stops
// them all. The flags are read with @tas/serve's TypeScript, so tsx's loader is registered first.
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';
import { createSupervisor } from './supervise.mjs';

const HELP = `Usage: npm start [-- --no-watch] [-- --help]

Starts, each in a process of its own:
  mock     Prism over the description, static examples   http://localhost:4010/api/v2/  (env MOCK_PORT)
  sandbox  stateful reference implementation              http://localhost:4020/api/v2/  (env SANDBOX_PORT)
  docs     the documentation site                         http://localhost:8080/         (env DOCS_PORT)
Each port may be 0 (a free one). DOCS_OUT_DIR builds the site elsewhere than apps/docs/dist/ (the
working version only where that folder holds the releases' pages already, as a live edit does).
npm start first builds what they run on (a first run, or after a change; otherwise turbo's cache
has it and the three serve within seconds). Ctrl-C stops all of them; an app that stops by itself
(an error, a signal, running out of memory) is named with why, and the others are stopped too
(exit code 1).

It watches every file of the description (openapi/: openapi.yaml, paths/, components/ with the
examples, arazzo/, and folders made there): an edit is bundled and linted once (Redocly, Spectral)
and, if valid, the mock answers from it, the sandbox validates against it and the docs site is
rebuilt and its open pages reload, with no restart;
an Arazzo edit reaches the docs only. An invalid edit is reported with the lint's words at file and
line, and the servers keep the last valid description. TAS_OPENAPI_DIR watches another copy of openapi/.

Options:
  --no-watch   serve the description as built, watching nothing (CI)
  -h, --help   show this help
The ports are set with the variables above.
Each app alone: npm run mock, npm run sandbox, npm run docs (each has --help).`;

register();
const { exitOnUsageError, parseFlags, parsePort, UsageError } = await import('@tas/serve');

// Options of one server that a newcomer may hand to npm start: each is answered with where it goes.
const ELSEWHERE = {
  '--port':
    'set MOCK_PORT, SANDBOX_PORT or DOCS_PORT (e.g. SANDBOX_PORT=5000 npm start), or start one alone (npm run sandbox -- --port 5000)',
  '--host': 'start one alone with it (e.g. npm run sandbox -- --host 0.0.0.0)',
  '--db': 'start the sandbox alone with it (npm run sandbox -- --db PATH)',
};

const portFrom = (name, fallback) => parsePort(process.env[name], name, fallback);
let ports;
let watching;
try {
  const args = process.argv.slice(2);
  const foreign = args.map((a) => a.split('=')[0]).find((a) => a in ELSEWHERE);
  if (foreign)
    throw new UsageError(`${foreign} is not an option of npm start, which starts three servers; ${ELSEWHERE[foreign]}`);
  const values = parseFlags(
    { help: { type: 'boolean', short: 'h' }, 'no-watch': { type: 'boolean' } },
    args,
    'npm start -- --help',
  );
  if (values.help) {
    console.log(HELP);
    process.exit(0);
  }
  watching = !values['no-watch'];
  ports = {
    mock: portFrom('MOCK_PORT', 4010),
    sandbox: portFrom('SANDBOX_PORT', 4020),
    docs: portFrom('DOCS_PORT', 8080),
  };
} catch (error) {
  exitOnUsageError('npm start', error);
}

// Each app runs in a process of its own (scripts/start-app.mjs): one that dies, even of running out of
// memory, is named with why, and the others are stopped (scripts/supervise.mjs).
const apps = createSupervisor();
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => void apps.stop(0));

const appFile = fileURLToPath(new URL('start-app.mjs', import.meta.url));
const names = ['mock', 'sandbox', 'docs'];
const started = await Promise.all(
  names.map((name) =>
    apps.start(name, [process.execPath, appFile, name, String(ports[name]), watching ? 'watch' : 'no-watch']),
  ),
);

console.log('\nRunning (Ctrl-C stops all):');
for (const [i, name] of names.entries()) {
  const app = started[i];
  if (app.unavailable) console.log(`[${name}] not available: ${app.unavailable}`);
  else console.log(`  ${name.padEnd(8)} ${app.url}${app.path}`);
}
const pids = apps.running.filter((app) => !app.unavailable).map((app) => `${app.name} ${app.child.pid}`);
console.log(`Each in a process of its own (${pids.join(', ')}); one that stops is named, with why.`);

// The contract author's loop: a valid edit is sent to the apps it reaches, each of which says what it reloaded.
if (watching) {
  const { watchDescription } = await import('@tas/openapi/live');
  watchDescription({
    log: (line) => console.log(`[watch] ${line}`),
    onValid: (change) => {
      const reached = apps.running.filter((app) => !app.unavailable && (change.description || app.name === 'docs'));
      console.log(`[watch] reloading ${reached.map((app) => app.name).join(', ')}`);
      for (const app of reached) if (app.child.connected) app.child.send({ reload: change });
    },
  });
}
