import type { OpenApiDocument } from '@tas/openapi';
import type { ChangeGroup } from '../builder/openapi30/changes.js';
import { POSTMAN_ENVIRONMENTS } from '../builder/postman.js';
import { type Addresses, atAddresses } from './addresses.js';
import { type ConformanceDownload, conformanceSection } from './conformance.js';
import { conversionSection } from './conversion.js';
import { generatorsSection } from './generators.js';
import { breakable, code, esc, table } from './html.js';
import { page } from './layout.js';
import { lintDefaultsSection } from './lint-defaults.js';
import { type ServerDownload, serversSection } from './servers.js';

/** The files of the site a partner downloads, by name. */
export const DOWNLOADS = {
  openapi30Yaml: 'openapi-3.0.yaml',
  openapi30Json: 'openapi-3.0.json',
  collection: 'tas-api.postman_collection.json',
  environment: (name: string) => `tas-api-${name}.postman_environment.json`,
  clientReadme: 'client-README.md',
  clientPage: 'client.html',
};

export interface ClientDownload {
  name: string;
  version: string;
  file: string;
  sha256: string;
  /** Whether the client's README is in the site (client.html and client-README.md). */
  readme: boolean;
}

export interface DownloadsInput {
  doc: OpenApiDocument;
  client?: ClientDownload;
  servers: ServerDownload[];
  conformance?: ConformanceDownload;
  addresses: Addresses;
  conversion: ChangeGroup[];
  control: boolean;
  /** The tools' own version when the packages were not made from this page's description (a release's page). */
  tools?: ToolsVersion;
}

/** The version the packages were made from, and its breaking changes since the page's (unknown when not in the changelog). */
export interface ToolsVersion {
  version: string;
  breaking?: number;
}

/** What the page offers from its own description, and what from the tools' build, said when the two differ. */
function madeFrom(version: string, tools: ToolsVersion | undefined): string {
  if (!tools || tools.version === version)
    return 'every file is built from the same description as the <a href="reference.html">reference</a>.';
  // The Changes page lives at the site's root: the switcher points the link there from each folder.
  const changes = '<a data-site-changes href="changes.html">Changes</a>';
  const since =
    tools.breaking === undefined
      ? `read the ${changes} between the two before using them against a ${esc(version)} deployment`
      : tools.breaking === 0
        ? `which changes nothing breaking since ${esc(version)} (${changes}): they work against a ${esc(version)} deployment`
        : `which has ${tools.breaking} breaking change${tools.breaking === 1 ? '' : 's'} since ${esc(version)}: read the ${changes} before using them against a ${esc(version)} deployment`;
  return `the description's files and the Postman collection are built from the same description as the <a href="reference.html">reference</a>.
The packages (the client, the sandbox, the mock and the suite) are the tools' latest build, made from version
<strong data-tools-version>${esc(tools.version)}</strong> of the description, ${since}.`;
}

export function clientInstall(client: ClientDownload | undefined): string {
  if (!client)
    return '<p class="missing">The client package was not available when this site was built: ask for the release folder, which holds it.</p>';
  const readme = client.readme
    ? `<p>Its README, with the quick start, every option, the errors and the journey helpers: <a href="${DOWNLOADS.clientPage}">the client's README</a> (also <a href="${DOWNLOADS.clientReadme}" download>as Markdown</a>).</p>`
    : '';
  return `<p><strong>Today</strong>, install it from its tarball: <a href="${esc(client.file)}" download>${esc(client.file)}</a>
(${esc(client.name)} ${esc(client.version)}), SHA-256 <code class="sha256">${esc(client.sha256)}</code>. Check the file, then install it
in your project (an ES module project: the examples use top-level <code>await</code>):</p>
${code(
  [
    `sha256sum ${client.file}   # prints ${client.sha256}`,
    'npm init -y && npm pkg set type=module   # in a new folder only',
    `npm install ./${client.file}`,
  ].join('\n'),
  'sh',
)}
<p>If you were handed the release folder rather than this site, it holds the same tarball beside <code>docs/</code>, with the
SHA-256 of every file of the release in <code>SHA256SUMS</code> (<code>sha256sum -c SHA256SUMS</code>).</p>
<p><strong>Once published</strong>: <code>npm install ${esc(client.name)}</code>. The package is <strong>not on the npm registry yet</strong>:
until it is, that command fails (404); use the tarball.</p>
${readme}`;
}

/** downloads.html: the client, the sandbox and the mock, the description in 3.1 and 3.0, the Postman collection. */
export function downloadsPage(input: DownloadsInput): string {
  const { doc, client, servers, conformance, addresses, conversion, control, tools } = input;
  const { title, version } = doc.info;
  const envRows = Object.entries(POSTMAN_ENVIRONMENTS).map(([name, values]) => [
    `<a href="${DOWNLOADS.environment(name)}" download>${DOWNLOADS.environment(name)}</a>`,
    `<code>base_url</code> <code class="url">${breakable(esc(atAddresses(values.base_url, addresses)))}</code>, <code>apiKey</code> <code>${esc(values.apiKey)}</code>, <code>sandbox</code> <code>${esc(values.sandbox)}</code>`,
  ]);
  const body = `<h1>Downloads</h1>
<p>Everything an integration needs, for version <strong data-version>${esc(version)}</strong> of the ${esc(title)}; ${madeFrom(version, tools)}</p>
<h2 id="client">The typed client</h2>
${clientInstall(client)}
<p>Every operation of the <a href="reference.html">reference</a> shows a sample with the client beside the curl one, and
<a href="index.html#client">Getting started</a> shows whole journeys.</p>
<h2 id="servers">The sandbox and the mock</h2>
${serversSection(servers, addresses)}
<h2 id="conformance">The conformance suite</h2>
${conformanceSection(conformance, addresses)}
<h2 id="description">The description</h2>
${table(
  ['File', 'Format', 'For'],
  [
    [
      '<a href="openapi.yaml" download>openapi.yaml</a>',
      'OpenAPI 3.1, YAML',
      'the source of truth: any tool that reads 3.1',
    ],
    ['<a href="openapi.json" download>openapi.json</a>', 'OpenAPI 3.1, JSON', 'the same'],
    [
      `<a href="${DOWNLOADS.openapi30Yaml}" download>${DOWNLOADS.openapi30Yaml}</a>`,
      'OpenAPI 3.0.3, YAML',
      'tools that read only 3.0 (many code generators, gateways and test tools)',
    ],
    [`<a href="${DOWNLOADS.openapi30Json}" download>${DOWNLOADS.openapi30Json}</a>`, 'OpenAPI 3.0.3, JSON', 'the same'],
    ...(control
      ? [
          [
            '<a href="sandbox-control.yaml" download>sandbox-control.yaml</a>',
            'OpenAPI 3.1, YAML',
            'the sandbox control API',
          ],
        ]
      : []),
  ],
)}
<h3 id="openapi-30">What the 3.0 files change</h3>
<p>The build converts the description with <code>@apiture/openapi-down-convert</code>, after its own pass for what that
converter leaves (a <code>const</code> of <code>false</code>, a <code>null</code> branch of <code>oneOf</code>, numeric exclusive bounds,
<code>info.summary</code>), and checks the result against the OpenAPI 3.0 schema (<code>@seriousme/openapi-schema-validator</code>);
a result that is not valid 3.0 fails the build. The table is made by comparing the two documents: every change the 3.0 files
make, with an example and every place. Everything else is the same, the <code>x-</code> extensions (<code>x-assumed</code>…) included.
Where 3.0 cannot say what 3.1 says (a value that may be <code>null</code> through a <code>$ref</code>), 3.1 is the truth.</p>
${conversionSection(conversion)}
${lintDefaultsSection()}
${generatorsSection()}
<h2 id="postman">Postman</h2>
<p><a href="${DOWNLOADS.collection}" download>${DOWNLOADS.collection}</a>: every operation as a request, generated from the
description by <code>openapi-to-postmanv2</code>, in the order an integration calls them, with the description's example values.
<strong>It tests the contract</strong>: every request asserts that the answer has a success status the description documents for
it and validates the body against the description's schema for that status (Postman's <code>jsonSchema</code> assertion; the
schemas are written into the collection from the description when the site is built). A deployment that answers anything else,
or a wrong <code>base_url</code>, fails the run, naming the request.
The key goes in the <code>API-KEY</code> header from the variable <code>apiKey</code>, the address from <code>base_url</code>.
Three environments set them:</p>
${table(['Environment', 'Sets'], envRows)}
<p>In Postman, import the collection and the environments (Import, then drop the files) and choose one; run the whole
collection (Run collection) or send the requests in order. The requests pass what they learn to the next ones:</p>
<ul>
<li><em>List records</em> keeps the token of a ready standalone career-interest record (<code>record_token</code>); when its page
has none, <em>Get a record</em> makes one on the sandbox (<code>POST /__sandbox/records/</code>); <em>Get the questionnaire</em>
keeps answers that fit it (<code>answers</code>) and each authentication sends new <code>external_id</code>s, so that the collection
runs again on the same server;</li>
<li>with an SMS organizer (<code>sandbox-key-sms</code>), the verification requests read the code from the sandbox's outbox
(<code>/__sandbox/sms/</code>) and send it (<code>sms_code</code>; the roadmap's <code>draft_token</code> too); with an organizer
that authenticates at once (<code>sandbox-key-instant</code>) there is nothing to verify and they are skipped;</li>
<li><em>Get a roadmap</em> makes a roadmap on the sandbox (<code>POST /__sandbox/roadmaps/</code>) unless you set
<code>roadmap_token</code>.</li>
</ul>
<p>On the mock every request passes, whatever token (the SMS code stays the example's). The mock has none of the sandbox's
<code>/__sandbox/</code> calls: its environment sets <code>sandbox</code> to <code>no</code>, so the requests above skip them and
the console says why. <strong>On a live deployment</strong>, duplicate an environment and set <code>base_url</code> and
<code>apiKey</code>, <code>sandbox</code> to <code>no</code>, and <code>roadmap_token</code> (a roadmap of yours): it has no outbox, so with SMS verification put the code the participant received in <code>sms_code</code> and send the
verification by hand; an instant organizer runs end to end. From a terminal, with the sandbox running:</p>
${code(
  [
    `npx --yes newman run ${DOWNLOADS.collection} -e ${DOWNLOADS.environment('sandbox')}`,
    `npx --yes newman run ${DOWNLOADS.collection} -e ${DOWNLOADS.environment('sandbox-sms')}`,
  ].join('\n'),
  'sh',
)}
<p>Before the site is published, the collection is run this way against a fresh sandbox with both environments and against the mock
(every assertion passes), and against a wrong <code>base_url</code> and a deployment that drops one required field (the run fails,
naming the request).</p>`;
  return page({ title: 'Downloads', siteTitle: title, version, body, control });
}

/** client.html: the client's README, rendered, so that a partner with only this site has it. */
export function clientReadmePage({ doc, html, control }: { doc: OpenApiDocument; html: string; control: boolean }) {
  const { title, version } = doc.info;
  const body = `<p class="note">The README of the typed client, as it ships in the package. Install it as <a href="downloads.html#client">Downloads</a> says.</p>\n${html}`;
  return page({ title: 'The typed client', siteTitle: title, version, body, control });
}
