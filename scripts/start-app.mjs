// One app of `npm start`, in a process of its own (scripts/start.mjs spawns it): `node start-app.mjs
// <mock|sandbox|docs> <port>`. It tells npm start over IPC where it listens, or why it could not
// start, or why it is about to end (scripts/supervise.mjs); its log lines go to stdout as `[app] line`.
import { join } from 'node:path';
import { register } from 'tsx/esm/api';

register();
const { listenError, UsageError } = await import('@tas/serve');
const [name = '', port = '0', watch = ''] = process.argv.slice(2);
/** npm start watches the description (unless --no-watch) and sends `{ reload: change }` on each valid edit. */
const watching = watch === 'watch';
const log = (line) => console.log(`[${name}] ${line}`);
const tell = (message) => new Promise((resolve) => (process.connected ? process.send(message, resolve) : resolve()));
const firstLine = (error) => String(error?.message ?? error).split('\n')[0];

let listening;
// npm start stops its apps with SIGTERM; Ctrl-C reaches the whole group, and npm start handles it.
process.on('SIGINT', () => {});
process.once('SIGTERM', async () => {
  await listening?.close().catch(() => {});
  process.exit(0);
});
// npm start itself gone (killed): nobody is left to stop this app.
process.once('disconnect', () => process.exit(0));
process.on('uncaughtException', async (error) => {
  console.error(error?.stack ?? String(error));
  await tell({ stopped: `uncaught ${firstLine(error)}` });
  process.exit(1);
});
process.on('unhandledRejection', (error) => process.emit('uncaughtException', error));

/** The sandbox is another engineer's app: until it exists, say so and start the others. */
async function loadSandbox() {
  try {
    const module = await import('@tas/sandbox');
    if (typeof module.startSandbox === 'function') return module.startSandbox;
    return '@tas/sandbox exports no startSandbox yet';
  } catch (error) {
    return `@tas/sandbox could not be loaded (${firstLine(error)})`;
  }
}

/** The bundled description the watcher (npm start's) has just written, under the sources' folder. */
const bundleIn = (dir) => join(dir, 'dist', 'openapi.json');

async function startApp() {
  if (name === 'mock') {
    const { startMock } = await import('@tas/mock');
    const mock = await startMock({ port: Number(port), log });
    const reload = async ({ dir }) => `answers from it (${await mock.reload(bundleIn(dir))} operations)`;
    return { listening: mock, path: '/api/v2/', reload };
  }
  if (name === 'sandbox') {
    const startSandbox = await loadSandbox();
    if (typeof startSandbox !== 'function') return { unavailable: startSandbox };
    const { reloadDescription } = await import('@tas/sandbox');
    const { loadDescription } = await import('@tas/openapi');
    const reload = async ({ dir }) =>
      `validates against it (${reloadDescription(loadDescription(bundleIn(dir)))} operations; its data kept)`;
    return { listening: await startSandbox({ port: Number(port), log }), path: '/api/v2/', reload };
  }
  const { defaultSiteOptions, liveSite, serveDocs } = await import('@tas/docs/serve');
  // biome-ignore lint/suspicious/noUndeclaredEnvVars: npm start runs outside turbo; nothing is cached.
  const outDir = process.env.DOCS_OUT_DIR;
  const site = { ...defaultSiteOptions(), ...(outDir ? { outDir } : {}) };
  // The site turbo built (npm start's build-needed, a cache hit when nothing changed); elsewhere, built here:
  // as a live edit builds it, the working version only where the folder holds the releases' pages already.
  if (outDir) await (await import('@tas/docs')).rebuildSite({ ...site, log });
  const listening = await serveDocs({ dir: site.outDir, port: Number(port), live: watching });
  // Watching only: a live site packs and loads its builder in the background, work a --no-watch start never uses.
  return { listening, path: '/', reload: watching ? liveSite(site, listening) : undefined };
}

try {
  const started = await startApp();
  if (started.unavailable) {
    await tell({ unavailable: started.unavailable });
    process.exit(0);
  }
  listening = started.listening;
  listening.server.on('close', async () => {
    await tell({ stopped: 'its server closed' });
    process.exit(1);
  });
  listening.server.on('error', async (error) => {
    await tell({ stopped: firstLine(error) });
    process.exit(1);
  });
  await tell({ ready: { url: listening.url, path: started.path } });
  // One reload at a time, in the order the edits came.
  const { reloadTimed } = await import('@tas/openapi/live');
  let reloads = Promise.resolve();
  process.on('message', (message) => {
    if (message?.reload) reloads = reloads.then(() => reloadTimed(started.reload, message.reload, log));
  });
} catch (error) {
  const up = name.toUpperCase();
  const usage = listenError(error, { name, port: [`${up}_PORT`], host: [`${up}_HOST`] });
  // A busy port is the user's to change: one line; anything else keeps its first line, as before.
  if (usage instanceof UsageError) await tell({ usage: usage.message, exitCode: usage.exitCode });
  else await tell({ fatal: firstLine(error) });
  process.exit(usage instanceof UsageError ? usage.exitCode : 1);
}
