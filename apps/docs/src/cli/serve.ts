// The edge: flags and environment variables are read here and nowhere else.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { BOUNDS_TEXT, boundLine, parseCommandLine, portOption, runServer } from '@tas/serve';
import { defaultSiteOptions } from '../paths.js';
import { DEFAULT_PORT, serveDocs } from '../serve.js';

const COMMAND = 'npm run docs';
const HELP = `Usage: npm run docs -- [options]

Serves the documentation site (apps/docs/dist/), the same site as npm run build (the latest
release at the root, every release under v/<version>/, the working version under preview/ until it
is released, the version switcher, changes.html). npm run docs has turbo build it first (a
cache hit when nothing changed: it serves within seconds); run otherwise, it builds it unless --no-build.
It watches the description (openapi/, its examples, arazzo/): a valid edit rebuilds the site (the
working version, under preview/ while unreleased; the releases' pages are kept) and every open page reloads; an invalid one is
reported with the lint's words at file and line, and the last valid site is served.

Options:
  --port <n>     port (env DOCS_PORT; default ${DEFAULT_PORT}; 0 picks a free one)
  --host <h>     interface to bind (env DOCS_HOST; default 127.0.0.1)
  --no-build     serve the folder as it is
  --no-watch     watch nothing, reload nothing (CI)
  -h, --help     show this help

${BOUNDS_TEXT}
A mistake in the options is reported in one line, exit code 2; a busy port, exit code 1.`;

let watching = false;
const docs = await runServer(COMMAND, async () => {
  const values = parseCommandLine(
    COMMAND,
    HELP,
    {
      port: { type: 'string' },
      host: { type: 'string' },
      'no-build': { type: 'boolean' },
      'no-watch': { type: 'boolean' },
    },
    process.argv.slice(2),
  );
  const port = portOption(values.port, 'DOCS_PORT', process.env, DEFAULT_PORT);
  const options = defaultSiteOptions();
  watching = !values['no-watch'];
  // Loaded only to build: the converters it brings take seconds to load, and a bad flag is answered before.
  if (!values['no-build']) {
    const { buildVersionedSite } = await import('../builder/versions.js');
    await buildVersionedSite({ ...options, log: (line) => console.log(`docs: ${line}`) });
  }
  return {
    knobs: { port: ['--port', 'DOCS_PORT'], host: ['--host', 'DOCS_HOST'] },
    start: () =>
      serveDocs({
        dir: options.outDir,
        port,
        host: values.host ?? process.env.DOCS_HOST ?? '127.0.0.1',
        live: watching,
      }),
    ready: (server) =>
      `Docs listening on ${boundLine(server.server, '/')} (reference: ${server.url}/reference.html` +
      `${existsSync(join(options.outDir, 'preview')) ? `; the unreleased working version: ${server.url}/preview/` : ''})`,
    exposure: { what: 'the docs server', reach: 'anyone who can reach this machine can read the site' },
  };
});

if (docs && watching) {
  const { watchAndReload } = await import('@tas/openapi/live');
  const { liveSite } = await import('../live-site.js');
  watchAndReload({
    log: (line) => console.log(`docs: ${line}`),
    reload: liveSite(defaultSiteOptions(), docs),
    reaches: (change) => change.description || change.journeys,
  });
}
