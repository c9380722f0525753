import type { OpenApiDocument } from '@tas/openapi';
import { listAssumptions } from '@tas/openapi';
import { type Addresses, siteAddresses } from './addresses.js';
import { assumptionsBody } from './assumptions.js';
import { type ClientExample, clientSection } from './client-examples.js';
import { clientRunsSection, clientSetupSection } from './client-runs.js';
import type { ClientDownload } from './downloads.js';
import { htmlQuestionnaireSection, mediaSection } from './embedding.js';
import { esc } from './html.js';
import { type JourneyCode, journeysInCode } from './journeys-code.js';
import { page } from './layout.js';
import { limitsSection } from './limits.js';
import { type ServerDownload, whereServersAre } from './servers.js';
import { walkInBrowserSection } from './walk-in-browser.js';
import { walkthroughs } from './walkthrough/journeys.js';
import { walkthroughSection } from './walkthrough/render.js';

export interface GuideInput {
  doc: OpenApiDocument;
  clientExamples: ClientExample[];
  /** Whether the sandbox control reference (sandbox-control.html) is part of the site. */
  control: boolean;
  /** Arazzo workflow files copied into `arazzo/`. */
  arazzo: string[];
  /** The client tarball in the site, when there is one. */
  client?: ClientDownload;
  /** The sandbox's and the mock's tarballs in the site. */
  servers?: ServerDownload[];
  addresses?: Addresses;
  /** The journeys as Python and PHP programs (none without the sandbox control API they use). */
  journeyCode?: JourneyCode[];
}

/** The getting-started page (index.html): self-contained, relative links only. */
export function guidePage(input: GuideInput): string {
  const { doc, clientExamples, control, arazzo, client, servers = [], addresses = siteAddresses() } = input;
  const { title, version } = doc.info;
  const workflows = arazzo.length
    ? `<ul>${arazzo.map((f) => `<li><a href="arazzo/${esc(f)}" download>${esc(f)}</a></li>`).join('')}</ul>`
    : '<p>No Arazzo workflows were available when this site was built.</p>';
  const controlRef = control ? '<a href="sandbox-control.html">sandbox control API</a>' : 'sandbox control API';
  const body = `<h1>Getting started</h1>
<p>Version <strong data-version>${esc(version)}</strong> of the ${esc(title)}. Every operation is at
<code>{base_url}/api/v2/...</code> (paths end with <code>/</code>) and every request carries the organizer's key in the
<code>API-KEY</code> header. Every answer is the envelope <code>{data, successful, messages}</code>.</p>
${supportLine(addresses)}
<h2 id="try">Try it on the sandbox</h2>
<p>The sandbox is a complete, stateful implementation of the API; the mock answers the description's examples. The commands on
this site use ${whereServersAre(addresses, servers)} (Node.js 20.19 or later). The sandbox has two organizers, one per key:
<code>sandbox-key-instant</code> authenticates participants at once, <code>sandbox-key-sms</code> by a code sent by SMS.</p>
<p>The journeys below are what an integration does. Paste each command into bash, in order: a step sets the shell
variables (<code>$RECORD</code>, <code>$CODE</code>…) the next ones read. They need <code>curl</code> and
<code>jq</code>. Under each command is what it prints; a value in angle brackets, such as <code>"&lt;date-time&gt;"</code>,
differs on every run, and <code>"$RECORD"</code> stands for the value of that variable. Every command is
checked before the site is published: each journey is run twice in a row against one sandbox, with no reset, and what
it prints is compared with this page. Run them as often as you like: each run makes its own record or roadmap and a new mobile.</p>
<p>The sandbox's own calls under <code>/__sandbox/</code> (making a record or a roadmap, the SMS outbox, a reset) are its
${controlRef}: they do not exist in production.</p>
<h2 id="journeys">Journeys</h2>
${walkthroughs(doc)
  .map((j) => walkthroughSection(doc, j, addresses))
  .join('\n')}
${journeysInCode(input.journeyCode ?? [], addresses)}
${walkInBrowserSection()}
<h2 id="mock">Against the mock</h2>
<p>The mock (<code>${esc(addresses.mock)}</code>) takes any key and keeps no state: each call
answers one of the description's named examples, whatever token it names, and checks the request against the description.
Set <code>BASE_URL=${esc(addresses.mock)}</code> and run the same commands: each step says which example it gets, and
where the mock would answer another one, the <code>Prefer</code> header that asks for it. The mock has no
<code>/__sandbox/</code> calls: set what those steps set yourself, <code>ROADMAP</code> to any UUID and
<code>CODE</code> to any 5 digits.</p>
<h2 id="client">With the typed client</h2>
${clientIntro(client)}
${clientExamples.length ? clientSetupSection(client) : ''}
${clientSection(clientExamples)}
${
  clientExamples.length
    ? clientRunsSection(
        addresses,
        clientExamples.map((e) => e.file),
      )
    : ''
}
${mediaSection(doc, addresses)}
${htmlQuestionnaireSection(doc, addresses)}
<h2 id="limits">Limits</h2>
${limitsSection(doc)}
<h2 id="assumptions">Stated and assumed</h2>
<p>Where the interface document says "not shown", the description decides and marks the decision as assumed. The
${listAssumptions(doc).length} decisions are listed on their own page: <a href="assumptions.html">Stated and assumed</a>.</p>
<h2 id="downloads">Downloads</h2>
<ul>
<li><a href="downloads.html#client">The typed client</a>${client ? `: ${esc(client.file)}` : ''}</li>
<li><a href="downloads.html#servers">The sandbox and the mock</a>, to run on your machine${servers.length ? `: ${servers.map((s) => esc(s.file)).join(', ')}` : ''}</li>
<li><a href="downloads.html#conformance">The conformance suite</a>, which checks any deployment against this contract</li>
<li><a href="openapi.yaml" download>openapi.yaml</a>: the bundled description, version ${esc(version)}</li>
<li><a href="openapi.json" download>openapi.json</a>: the same, as JSON</li>
<li><a href="downloads.html#openapi-30">openapi-3.0.yaml and openapi-3.0.json</a>: the same as OpenAPI 3.0, for tools that read only 3.0</li>
<li><a href="downloads.html#postman">A Postman collection</a>, with environments for the mock and the sandbox</li>
${control ? '<li><a href="sandbox-control.yaml" download>sandbox-control.yaml</a>: the sandbox control API</li>' : ''}
</ul>
<h3 id="workflows">Workflows (Arazzo)</h3>
${workflows}`;
  return page({ title: 'Getting started', siteTitle: title, version, body, control });
}

/** Where partners ask, when the build was told (`--support-url`, `--support-email`); nothing otherwise. */
function supportLine({ supportUrl, supportEmail }: Addresses): string {
  const ways = [
    supportUrl ? `<a href="${esc(supportUrl)}">${esc(supportUrl)}</a>` : '',
    supportEmail ? `<a href="mailto:${esc(supportEmail)}">${esc(supportEmail)}</a>` : '',
  ].filter(Boolean);
  return ways.length ? `<p class="support">Questions: partner support, ${ways.join(' or ')}.</p>` : '';
}

/** How to get the client, said where its examples are; the commands are on the downloads page. */
function clientIntro(client: ClientDownload | undefined): string {
  const name = client ? esc(client.name) : '@tas/client';
  return `<p>The typed client (${name}) calls every operation with typed parameters and answers, paces itself to the rate
limit and retries where that is safe. It is <strong>not on the npm registry yet</strong>: install it from its tarball,
${client ? `<a href="${esc(client.file)}" download>${esc(client.file)}</a> (SHA-256 on the <a href="downloads.html#client">downloads page</a>)` : 'in the release folder'},
with <code>npm install ./${client ? esc(client.file) : 'tas-client-&lt;version&gt;.tgz'}</code>; once it is published,
<code>npm install ${name}</code>. <a href="downloads.html#client">Downloads</a> says how, step by step${client?.readme ? ', and <a href="client.html">its README</a> documents it' : ''}.
The examples below run against the sandbox and the mock from an empty folder, as this section shows; every command of it
is run that way before the site is published.</p>`;
}

/** The assumptions page (assumptions.html). */
export function assumptionsPage({ doc, control }: Pick<GuideInput, 'doc' | 'control'>): string {
  const { title, version } = doc.info;
  return page({ title: 'Stated and assumed', siteTitle: title, version, body: assumptionsBody(doc).html, control });
}
