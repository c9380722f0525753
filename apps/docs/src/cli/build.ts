// The edge: flags are read here and nowhere else.
import { resolve } from 'node:path';
import { exitOnUsageError, parseFlags, UsageError } from '@tas/serve';
import { siteAddresses } from '../guide/addresses.js';
import { defaultSiteOptions } from '../paths.js';

const COMMAND = 'npm run build -w @tas/docs';
const HELP = `Usage: npm run build -w @tas/docs [-- --out <dir>] [--sandbox-url <url>] [--mock-url <url>]

Builds the documentation site into one self-contained static folder (default apps/docs/dist/):
index.html (getting started), reference.html (Redoc), sandbox-control.html (when the sandbox's
control API description exists), openapi.yaml, openapi.json and arazzo/*.arazzo.yaml;
downloads.html with the client tarball (tas-client-<v>.tgz, its SHA-256), client.html and
client-README.md, the sandbox and mock tarballs (tas-sandbox-<v>.tgz, tas-mock-<v>.tgz, each started
with npx), the conformance suite (tas-conformance-<v>.tgz), openapi-3.0.yaml and openapi-3.0.json (OpenAPI 3.0, validated), and a Postman
collection with environments for the mock and the sandbox;
changes.html (every release's changes) and v/<version>/ (each release's site), with a version
switcher on every page.

Options:
  --out <dir>          output folder
  --sandbox-url <url>  a hosted sandbox's address, e.g. https://sandbox.tas.example (env TAS_DOCS_SANDBOX_URL)
  --mock-url <url>     a hosted mock's address (env TAS_DOCS_MOCK_URL)
  -h, --help           show this help

Every sample, guide command, Postman environment and client example of the site uses the hosted
addresses when given, else the local ones (http://localhost:4020, http://localhost:4010), with the
commands that start both from the site's downloads.`;

/** A hosted server's address: http or https, nothing after the host but an optional path prefix. */
function address(value: string | undefined, source: string): string | undefined {
  if (!value) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {}
  if (!url || !/^https?:$/.test(url.protocol) || url.search || url.hash)
    throw new UsageError(`${source}${value} is not an http(s) address; give e.g. https://sandbox.tas.example`);
  return value.replace(/\/+$/, '');
}

try {
  const values = parseFlags(
    {
      out: { type: 'string' },
      'sandbox-url': { type: 'string' },
      'mock-url': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    process.argv.slice(2),
    `${COMMAND} -- --help`,
  );
  if (values.help) {
    console.log(HELP);
    process.exit(0);
  }
  // npm run starts this in apps/docs; a relative --out means the folder the user typed it in.
  const out = values.out && resolve(process.env.INIT_CWD ?? process.cwd(), values.out);
  const env = process.env;
  const addresses = siteAddresses({
    sandbox: values['sandbox-url']
      ? address(values['sandbox-url'], '--sandbox-url ')
      : address(env.TAS_DOCS_SANDBOX_URL, 'TAS_DOCS_SANDBOX_URL='),
    mock: values['mock-url']
      ? address(values['mock-url'], '--mock-url ')
      : address(env.TAS_DOCS_MOCK_URL, 'TAS_DOCS_MOCK_URL='),
  });
  const options = { ...defaultSiteOptions(), addresses, ...(out ? { outDir: out } : {}) };
  // Loaded after the flags are read: a bad flag is answered before the converters load.
  const { buildVersionedSite } = await import('../build/versions.js');
  const summary = await buildVersionedSite({ ...options, log: (line) => console.log(`docs: ${line}`) }).catch(
    (error: Error & { code?: string }) => {
      // A folder that cannot be written: the user's path, not a bug.
      if (values.out && ['EACCES', 'EPERM', 'EROFS', 'ENOTDIR', 'EEXIST'].includes(error.code ?? ''))
        throw new UsageError(`--out ${values.out}: cannot write there (${error.code}); choose another folder`);
      throw error;
    },
  );
  console.log(
    `docs: built ${options.outDir} for version ${summary.version}: ${summary.operations} operations, ` +
      `${summary.assumptions} assumptions, ${summary.clientExamples.length} client examples, ` +
      `${summary.arazzo.length} workflows${summary.control ? ', sandbox control API' : ''}` +
      `${summary.client ? `, client ${summary.client}` : ''}; versions ${summary.versions.join(', ')}`,
  );
} catch (error) {
  exitOnUsageError(COMMAND, error);
}
