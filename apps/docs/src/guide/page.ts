import type { OpenApiDocument } from '@tas/openapi';
import { assumptionsSection } from './assumptions.js';
import { type ClientExample, clientSection } from './client-examples.js';
import { esc } from './html.js';
import { journeySection, tokensOf } from './journey-section.js';
import { journeys } from './journeys.js';
import { limitsSection } from './limits.js';
import { STYLE } from './style.js';

export interface GuideInput {
  doc: OpenApiDocument;
  clientExamples: ClientExample[];
  /** Whether the sandbox control reference (sandbox-control.html) is part of the site. */
  control: boolean;
  /** Arazzo workflow files copied into `arazzo/`. */
  arazzo: string[];
}

/** The getting-started page (index.html): self-contained, relative links only. */
export function guidePage({ doc, clientExamples, control, arazzo }: GuideInput): string {
  const { title, version } = doc.info;
  const tokens = tokensOf(doc);
  const nav = [
    '<a href="reference.html">API reference</a>',
    control ? '<a href="sandbox-control.html">Sandbox control API</a>' : '',
    '<a href="openapi.yaml" download>openapi.yaml</a>',
    '<a href="openapi.json" download>openapi.json</a>',
  ].join('\n');
  const workflows = arazzo.length
    ? `<ul>${arazzo.map((f) => `<li><a href="arazzo/${esc(f)}" download>${esc(f)}</a></li>`).join('')}</ul>`
    : '<p>No Arazzo workflows were available when this site was built.</p>';
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Getting started: ${esc(title)} ${esc(version)}</title>
<style>${STYLE}</style>
</head>
<body>
<nav class="tas-nav"><strong>${esc(title)} <span data-version>v${esc(version)}</span></strong>${nav}</nav>
<main>
<h1>Getting started</h1>
<p>Version <strong data-version>${esc(version)}</strong> of the ${esc(title)}. Every operation is at
<code>{base_url}/api/v2/...</code> (paths end with <code>/</code>) and every request carries the organizer's key in the
<code>API-KEY</code> header. Every answer is the envelope <code>{data, successful, messages}</code>.</p>
<h2 id="try">Try it locally</h2>
<p>Run <code>npm start</code> in the repository: the mock (Prism, static examples) at <code>http://localhost:4010</code>,
the stateful sandbox at <code>http://localhost:4020</code> (keys <code>sandbox-key-sms</code> and
<code>sandbox-key-instant</code>) and this site at <code>http://localhost:8080</code>. Then:</p>
<pre><code>export BASE_URL=http://localhost:4010 API_KEY=any-key</code></pre>
<h2 id="journeys">Journeys, step by step</h2>
<p>Each call below is written from the description's named examples; open "Answer" for what comes back.</p>
${journeys.map((j) => journeySection(doc, j, tokens)).join('\n')}
<h2 id="client">With the typed client</h2>
${clientSection(clientExamples)}
<h2 id="limits">Limits</h2>
${limitsSection(doc)}
<h2 id="assumptions">Stated and assumed</h2>
${assumptionsSection(doc).html}
<h2 id="downloads">Downloads</h2>
<ul>
<li><a href="openapi.yaml" download>openapi.yaml</a>: the bundled description, version ${esc(version)}</li>
<li><a href="openapi.json" download>openapi.json</a>: the same, as JSON</li>
${control ? '<li><a href="sandbox-control.yaml" download>sandbox-control.yaml</a>: the sandbox control API</li>' : ''}
</ul>
<h3>Workflows (Arazzo)</h3>
${workflows}
</main>
</body>
</html>
`;
}
