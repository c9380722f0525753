// `npm start`: the mock, the sandbox and the docs together, in one process; Ctrl-C stops them all.
// The apps are TypeScript run from source, so tsx's loader is registered before they are imported.
import { register } from 'tsx/esm/api';
import { asApp, createSupervisor } from './supervise.mjs';

const HELP = `Usage: npm start [-- --help]

Starts, in one process:
  mock     Prism over the description, static examples   http://localhost:4010/api/v2/  (env MOCK_PORT)
  sandbox  stateful reference implementation              http://localhost:4020/api/v2/  (env SANDBOX_PORT)
  docs     the documentation site, built first            http://localhost:8080/         (env DOCS_PORT)
Each port may be 0 (a free one). DOCS_OUT_DIR builds the site elsewhere than apps/docs/dist/.
npm start first builds what they run on (on a first run; then a turbo cache hit). It takes no
options but --help: the ports are set with the variables above. Ctrl-C stops all of them.
Each app alone: npm run mock, npm run sandbox, npm run docs (each has --help).`;

register();
const { exitOnUsageError, listenError, parseFlags, parsePort, UsageError } = await import('@tas/serve');

// Options of one server that a newcomer may hand to npm start: each is answered with where it goes.
const ELSEWHERE = {
  '--port':
    'set MOCK_PORT, SANDBOX_PORT or DOCS_PORT (e.g. SANDBOX_PORT=5000 npm start), or start one alone (npm run sandbox -- --port 5000)',
  '--host': 'start one alone with it (e.g. npm run sandbox -- --host 0.0.0.0)',
  '--db': 'start the sandbox alone with it (npm run sandbox -- --db PATH)',
};

const portFrom = (name, fallback) => parsePort(process.env[name], name, fallback);
let ports;
try {
  const args = process.argv.slice(2);
  const foreign = args.map((a) => a.split('=')[0]).find((a) => a in ELSEWHERE);
  if (foreign)
    throw new UsageError(`${foreign} is not an option of npm start, which starts three servers; ${ELSEWHERE[foreign]}`);
  const values = parseFlags({ help: { type: 'boolean', short: 'h' } }, args, 'npm start -- --help');
  if (values.help) {
    console.log(HELP);
    process.exit(0);
  }
  ports = {
    mock: portFrom('MOCK_PORT', 4010),
    sandbox: portFrom('SANDBOX_PORT', 4020),
    docs: portFrom('DOCS_PORT', 8080),
  };
} catch (error) {
  exitOnUsageError('npm start', error);
}

const logFor = (name) => (line) => console.log(`[${name}] ${line}`);

// One app that dies is named and the others are stopped, rather than all ending unannounced.
const apps = createSupervisor();
process.on('uncaughtException', apps.failed);
process.on('unhandledRejection', apps.failed);
/** A listen failure of one server, as the environment variable that moves it. */
const busy = (name) => (error) => {
  throw listenError(error, { name, port: [`${name.toUpperCase()}_PORT`], host: [`${name.toUpperCase()}_HOST`] });
};
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => void apps.stop(0));

/** The sandbox is another engineer's app: until it exists, say so and start the others. */
async function loadSandbox() {
  try {
    const module = await import('@tas/sandbox');
    if (typeof module.startSandbox === 'function') return module.startSandbox;
    return `@tas/sandbox exports no startSandbox yet`;
  } catch (error) {
    return `@tas/sandbox could not be loaded (${error.message.split('\n')[0]})`;
  }
}

try {
  const { startMock } = await import('@tas/mock');
  const mock = await asApp('mock', () => startMock({ port: ports.mock, log: logFor('mock') })).catch(busy('mock'));
  apps.add('mock', mock, '/api/v2/');

  const startSandbox = await loadSandbox();
  if (typeof startSandbox === 'function') {
    const start = () => startSandbox({ port: ports.sandbox, log: logFor('sandbox') });
    apps.add('sandbox', await asApp('sandbox', start).catch(busy('sandbox')), '/api/v2/');
  } else console.log(`[sandbox] not available: ${startSandbox}`);

  const { buildVersionedSite: buildSite, defaultSiteOptions, serveDocs } = await import('@tas/docs');
  // biome-ignore lint/suspicious/noUndeclaredEnvVars: npm start runs outside turbo; nothing is cached.
  const outDir = process.env.DOCS_OUT_DIR;
  const site = { ...defaultSiteOptions(), ...(outDir ? { outDir } : {}) };
  await buildSite({ ...site, log: logFor('docs') });
  const docs = await asApp('docs', () => serveDocs({ dir: site.outDir, port: ports.docs })).catch(busy('docs'));
  apps.add('docs', docs, '/');
} catch (error) {
  // A busy port is the user's to change: one line; anything else keeps its first line, as before.
  console.error(`npm start: ${error instanceof UsageError ? error.message : error.message.split('\n')[0]}`);
  await apps.stop(error instanceof UsageError ? error.exitCode : 1);
}

console.log('\nRunning (Ctrl-C stops all):');
for (const { name, listening, path } of apps.running) console.log(`  ${name.padEnd(8)} ${listening.url}${path}`);
