// The edge: flags are read here and nowhere else.
import { resolve } from 'node:path';
import { exitOnUsageError, parseFlags, UsageError } from '@tas/serve';
import { siteAddresses } from '../guide/addresses.js';
import { defaultSiteOptions } from '../paths.js';

const COMMAND = 'npm run build -w @tas/docs';
const HELP = `Usage: npm run build -w @tas/docs [-- --out <dir>] [--sandbox-url <url>] [--mock-url <url>]
       [--support-url <url>] [--support-email <address>] [--license-name <text>] [--license-url <url>]

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
  --support-url <url>  partner support's web page, shown on the reference and Getting started (env TAS_DOCS_SUPPORT_URL)
  --support-email <address>  partner support's e-mail address (env TAS_DOCS_SUPPORT_EMAIL)
  --license-name <text>  the licence's name as partners read it (env TAS_DOCS_LICENSE_NAME;
                       default: the description's, "Proprietary, for partners of the service")
  --license-url <url>  where the licence's text is (env TAS_DOCS_LICENSE_URL)
  -h, --help           show this help

Every sample, guide command, Postman environment and client example of the site uses the hosted
addresses when given, else the local ones (http://localhost:4020, http://localhost:4010), with the
commands that start both from the site's downloads. The support contact and licence are what the
reference, Getting started and the downloaded descriptions and Postman collection carry; without a
support address none of them shows a contact (the description's is a placeholder).`;

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
      'support-url': { type: 'string' },
      'support-email': { type: 'string' },
      'license-name': { type: 'string' },
      'license-url': { type: 'string' },
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
  const given = (flag: string, name: string) =>
    (values as Record<string, string | undefined>)[flag]
      ? { value: (values as Record<string, string>)[flag], source: `--${flag} ` }
      : { value: env[name], source: `${name}=` };
  const url = (flag: string, name: string) => {
    const { value, source } = given(flag, name);
    return address(value, source);
  };
  const email = given('support-email', 'TAS_DOCS_SUPPORT_EMAIL');
  if (email.value && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.value))
    throw new UsageError(`${email.source}${email.value} is not an e-mail address; give e.g. support@tas.example`);
  const addresses = siteAddresses(
    { sandbox: url('sandbox-url', 'TAS_DOCS_SANDBOX_URL'), mock: url('mock-url', 'TAS_DOCS_MOCK_URL') },
    {
      supportUrl: url('support-url', 'TAS_DOCS_SUPPORT_URL'),
      supportEmail: email.value,
      licenseName: given('license-name', 'TAS_DOCS_LICENSE_NAME').value?.trim(),
      licenseUrl: url('license-url', 'TAS_DOCS_LICENSE_URL'),
    },
  );
  const options = { ...defaultSiteOptions(), addresses, ...(out ? { outDir: out } : {}) };
  // Loaded after the flags are read: a bad flag is answered before the converters load.
  const { buildVersionedSite } = await import('../builder/versions.js');
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
