import { type Addresses, LOCAL } from './addresses.js';
import { code, esc } from './html.js';

/** The sandbox's or the mock's tarball in the site. */
export interface ServerDownload {
  name: string;
  version: string;
  /** The command it installs, e.g. tas-sandbox. */
  bin: string;
  file: string;
  sha256: string;
}

const ROLE: Record<string, { what: string; port: string; local: string }> = {
  'tas-sandbox': {
    what: 'the sandbox: a complete, stateful implementation of the API, with two organizers (keys <code>sandbox-key-instant</code> and <code>sandbox-key-sms</code>) and its SMS outbox',
    port: '4020',
    local: LOCAL.sandbox,
  },
  'tas-mock': {
    what: "the mock: the description's examples, for any key, with no state",
    port: '4010',
    local: LOCAL.mock,
  },
};

/** The commands that start one server from its tarball, in an empty folder: what the test runs. */
export function startCommands(server: ServerDownload): string[] {
  return [`sha256sum ${server.file}   # prints ${server.sha256}`, `npx --yes --package ./${server.file} ${server.bin}`];
}

/**
 * The start command that works from any folder: npm resolves `./file` from the project's root when a
 * parent folder has a package.json, so the file is named by its full path ($PWD: sh, bash, zsh, PowerShell).
 */
export function anywhereCommand(server: Pick<ServerDownload, 'file' | 'bin'>): string {
  return `npx --yes --package "$PWD/${server.file}" ${server.bin}`;
}

/** Downloads: the sandbox and the mock as packages, each started with one command. */
export function serversSection(servers: ServerDownload[], addresses: Addresses): string {
  const hosted = (['sandbox', 'mock'] as const).filter((n) => addresses.hosted[n]);
  const hostedText = hosted.length
    ? `<p>Hosted for you: ${hosted.map((n) => `the ${n} at <code>${esc(addresses[n])}</code>`).join(' and ')}. Every sample of this site points there; run your own copy as below when you want one to yourself.</p>`
    : '';
  if (!servers.length)
    return `${hostedText}<p class="missing">The sandbox and mock packages were not available when this site was built: ask for the release folder, which holds them.</p>`;
  const each = servers.map((s) => {
    const role = ROLE[s.bin];
    return `<h3 id="${esc(s.bin)}"><code>${esc(s.bin)}</code></h3>
<p><a href="${esc(s.file)}" download>${esc(s.file)}</a> (${esc(s.name)} ${esc(s.version)}), SHA-256
<code class="sha256">${esc(s.sha256)}</code>: ${role?.what ?? ''}. In the folder you downloaded it to (Node.js 20.19 or later, no project needed):</p>
${code(startCommands(s).join('\n'), 'sh')}
<p>It prints the address it listens on${role ? ` (<code>${esc(role.local)}</code>; <code>--port</code> picks another)` : ''} and serves until Ctrl-C.
<code>npx --yes --package ./${esc(s.file)} ${esc(s.bin)} --help</code> lists every option.${s.bin === 'tas-sandbox' ? ' Running it where partners reach it: <a href="hosting.html">Hosting the sandbox for partners</a>.' : ''}</p>
<p>Inside a project (a folder with a <code>package.json</code> in it or above it), npm looks for
<code>./${esc(s.file)}</code> in the project's root instead and fails. Name the file by its full path, which works from any folder:</p>
${code(anywhereCommand(s), 'sh')}`;
  });
  return `${hostedText}
<p>Both run on your machine from their tarballs alone. The first start installs the package's
dependencies from the npm registry${servers.some((s) => s.bin === 'tas-sandbox') ? " (the sandbox's SQLite driver, <code>better-sqlite3</code>, uses a prebuilt binary where one exists for your platform and otherwise compiles, which needs Python and a C++ compiler)" : ''}; later starts reuse them.</p>
${each.join('\n')}`;
}

/** Getting started: where the sandbox and the mock are, for a partner with only this site. */
export function whereServersAre(addresses: Addresses, servers: ServerDownload[]): string {
  const run = (n: 'sandbox' | 'mock') => {
    if (addresses.hosted[n]) return `the hosted ${n} at <code>${esc(addresses[n])}</code>`;
    const file = servers.find((s) => s.bin === `tas-${n}`)?.file ?? `tas-${n}-&lt;version&gt;.tgz`;
    return `the ${n} at <code>${esc(addresses[n])}</code>, which you start on your machine from its download, <a href="downloads.html#tas-${n}">${esc(file)}</a>, with one command: <code>npx --yes --package ./${esc(file)} tas-${n}</code>`;
  };
  return `${run('sandbox')}; ${run('mock')}`;
}
