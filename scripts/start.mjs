// `npm start`: the mock, the sandbox and the docs together, in one process; Ctrl-C stops them all.
// The apps are TypeScript run from source, so tsx's loader is registered before they are imported.
import { parseArgs } from 'node:util';
import { register } from 'tsx/esm/api';

const HELP = `Usage: npm start [-- --help]

Starts, in one process:
  mock     Prism over the description, static examples   http://localhost:4010/api/v2/  (env MOCK_PORT)
  sandbox  stateful reference implementation              http://localhost:4020/api/v2/  (env SANDBOX_PORT)
  docs     the documentation site, built first            http://localhost:8080/         (env DOCS_PORT)
Each port may be 0 (a free one). DOCS_OUT_DIR builds the site elsewhere than apps/docs/dist/.
Ctrl-C stops all of them.
Each app alone: npm run mock, npm run sandbox, npm run docs (each has --help).`;

const { values } = parseArgs({ options: { help: { type: 'boolean', short: 'h' } } });
if (values.help) {
  console.log(HELP);
  process.exit(0);
}

function portFrom(name, fallback) {
  const raw = process.env[name];
  const port = Number(raw ?? fallback);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`${name} must be an integer from 0 to 65535; got ${raw}`);
    process.exit(2);
  }
  return port;
}

const ports = {
  mock: portFrom('MOCK_PORT', 4010),
  sandbox: portFrom('SANDBOX_PORT', 4020),
  docs: portFrom('DOCS_PORT', 8080),
};
const logFor = (name) => (line) => console.log(`[${name}] ${line}`);
register();

const running = [];
async function stopAll(code) {
  await Promise.allSettled(running.map((r) => r.server.close()));
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => void stopAll(0));

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
  running.push({ name: 'mock', server: await startMock({ port: ports.mock, log: logFor('mock') }), path: '/api/v2/' });

  const startSandbox = await loadSandbox();
  if (typeof startSandbox === 'function') {
    const server = await startSandbox({ port: ports.sandbox, log: logFor('sandbox') });
    running.push({ name: 'sandbox', server, path: '/api/v2/' });
  } else console.log(`[sandbox] not available: ${startSandbox}`);

  const { buildSite, defaultSiteOptions, serveDocs } = await import('@tas/docs');
  // biome-ignore lint/suspicious/noUndeclaredEnvVars: npm start runs outside turbo; nothing is cached.
  const outDir = process.env.DOCS_OUT_DIR;
  const site = { ...defaultSiteOptions(), ...(outDir ? { outDir } : {}) };
  await buildSite({ ...site, log: logFor('docs') });
  running.push({ name: 'docs', server: await serveDocs({ dir: site.outDir, port: ports.docs }), path: '/' });
} catch (error) {
  console.error(`npm start: ${error.message}`);
  await stopAll(1);
}

console.log('\nRunning (Ctrl-C stops all):');
for (const { name, server, path } of running) console.log(`  ${name.padEnd(8)} ${server.url}${path}`);
