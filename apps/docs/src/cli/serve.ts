import { parseArgs } from 'node:util';
import { buildSite } from '../build/site.js';
import { defaultSiteOptions } from '../paths.js';
import { DEFAULT_PORT, serveDocs } from '../serve.js';

const HELP = `Usage: npm run docs -- [options]

Builds the documentation site (apps/docs/dist/) and serves it.

Options:
  --port <n>     port (env DOCS_PORT; default ${DEFAULT_PORT}; 0 picks a free one)
  --host <h>     interface to bind (env DOCS_HOST; default 127.0.0.1)
  --no-build     serve the folder as it is
  -h, --help     show this help`;

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    host: { type: 'string' },
    'no-build': { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (values.help) {
  console.log(HELP);
  process.exit(0);
}
const port = Number(values.port ?? process.env.DOCS_PORT ?? DEFAULT_PORT);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be an integer from 0 to 65535; got ${values.port ?? process.env.DOCS_PORT}`);
  process.exit(2);
}
const options = defaultSiteOptions();
if (!values['no-build']) await buildSite({ ...options, log: (line) => console.log(`docs: ${line}`) });
const server = await serveDocs({
  dir: options.outDir,
  port,
  host: values.host ?? process.env.DOCS_HOST ?? '127.0.0.1',
});
console.log(`Docs listening on ${server.url}/ (reference: ${server.url}/reference.html)`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void server.close().then(() => process.exit(0)));
}
