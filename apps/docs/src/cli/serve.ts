// The edge: flags and environment variables are read here and nowhere else.
import {
  BOUNDS_TEXT,
  boundLine,
  exitOnUsageError,
  exposureWarning,
  listenError,
  parseCommandLine,
  portOption,
} from '@tas/serve';
import { defaultSiteOptions } from '../paths.js';
import { DEFAULT_PORT, serveDocs } from '../serve.js';

const COMMAND = 'npm run docs';
const HELP = `Usage: npm run docs -- [options]

Builds the documentation site (apps/docs/dist/), the same site as npm run build (every
release under v/<version>/, the version switcher, changes.html), and serves it.

Options:
  --port <n>     port (env DOCS_PORT; default ${DEFAULT_PORT}; 0 picks a free one)
  --host <h>     interface to bind (env DOCS_HOST; default 127.0.0.1)
  --no-build     serve the folder as it is
  -h, --help     show this help

${BOUNDS_TEXT}
A mistake in the options is reported in one line, exit code 2; a busy port, exit code 1.`;

try {
  const values = parseCommandLine(
    COMMAND,
    HELP,
    { port: { type: 'string' }, host: { type: 'string' }, 'no-build': { type: 'boolean' } },
    process.argv.slice(2),
  );
  const port = portOption(values.port, 'DOCS_PORT', process.env, DEFAULT_PORT);
  const options = defaultSiteOptions();
  // Loaded only to build: the converters it brings take seconds to load, and a bad flag is answered before.
  if (!values['no-build']) {
    const { buildVersionedSite } = await import('../builder/versions.js');
    await buildVersionedSite({ ...options, log: (line) => console.log(`docs: ${line}`) });
  }
  const server = await serveDocs({
    dir: options.outDir,
    port,
    host: values.host ?? process.env.DOCS_HOST ?? '127.0.0.1',
  }).catch((error: unknown) => {
    throw listenError(error, { port: ['--port', 'DOCS_PORT'], host: ['--host', 'DOCS_HOST'] });
  });
  console.log(`Docs listening on ${boundLine(server.server, '/')} (reference: ${server.url}/reference.html)`);
  const warning = exposureWarning(
    server.server,
    'the docs server',
    'anyone who can reach this machine can read the site',
  );
  if (warning) console.error(warning);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void server.close().then(() => process.exit(0)));
  }
} catch (error) {
  exitOnUsageError(COMMAND, error);
}
