import type { OpenApiDocument } from '@tas/openapi';
import type { Addresses } from './addresses.js';
import { code, esc } from './html.js';
import { page } from './layout.js';
import { type ServerDownload, startCommands } from './servers.js';

export const HOSTING = { page: 'hosting.html', readme: 'sandbox.html' };

/**
 * hosting.html: for whoever runs the sandbox where partners reach it. The sandbox's own facts (its
 * command, keys, quotas, the TLS proxy in front) are its README's, shipped in its tarball and shown
 * here as sandbox.html; this page says what the site needs of such a sandbox and how partners reach
 * it from Try it.
 */
export function hostingPage(input: {
  doc: OpenApiDocument;
  addresses: Addresses;
  sandbox?: ServerDownload;
  readme: boolean;
  control: boolean;
  /** The sandbox README's hosting guide, rendered (hostingSection). */
  guide?: string;
}): string {
  const { doc, addresses, sandbox, readme, control, guide } = input;
  const readmeLink = readme
    ? `<a href="${HOSTING.readme}">its README</a> (as it ships in <code>${esc(sandbox?.file ?? '')}</code>)`
    : 'its README (in its tarball)';
  const start = sandbox
    ? `${code(startCommands(sandbox).join('\n'), 'sh')}
<p>That is the command of <a href="downloads.html#tas-sandbox">Downloads</a>; <code>npx --yes --package ./${esc(sandbox.file)} tas-sandbox --help</code> prints every option (the address to listen on, a file to keep state in, the keys, the limits), each with its environment variable.</p>`
    : '<p class="missing">The sandbox package was not available when this site was built: ask for the release folder, which holds it.</p>';
  const built = addresses.hosted.sandbox
    ? `<p>This site was built for the sandbox at <code>${esc(addresses.sandbox)}</code>: every sample and command points there, and Try it offers it first.</p>`
    : '<p>This site names no hosted sandbox: each person adds one by hand, as below (or the site is built again for it).</p>';
  const body = `<p>For whoever runs the sandbox where partners reach it, so that they try the API from this site (its
reference's <strong>Try it</strong> panels and the walks of Getting started) and from their own code.
The sandbox's own facts are in one place, ${readmeLink}: the command, the keys partners get, what one
key may hold and cost.</p>

<h2 id="start">Start it</h2>
${start}

<h2 id="tls">Behind TLS</h2>
<p>A page served over <code>https://</code> can call only an <code>https://</code> address: the browser refuses
<code>http://</code> from it. Put the sandbox behind a TLS proxy that takes <code>https://</code> and forwards to it; the
sandbox may sit under a path, e.g. <code>https://partners.example.org/tas-sandbox</code>. The proxy passes its
answers' CORS headers as the sandbox sends them, and exactly the paths the guide below names.</p>
${guide ? `<h2 id="guide">The hosting guide</h2>\n<p class="note">The sandbox's README in the repository (<code>apps/sandbox/README.md</code>) says the same, word for word.</p>\n${guide}` : ''}
<h2 id="partners">How partners reach it</h2>
${built}
<p>In any panel, <strong>Target</strong> → <em>Another address: add one by hand</em> takes the sandbox's
address (with its path, if it has one) and whether it is a sandbox or a mock. The panel says first
that every request sent to it carries the API key in its <code>API-KEY</code> header; the page then loads again
allowing that address (its Content-Security-Policy names exactly the site, the hosted servers it was
built for, a server on the person's own machine and the addresses they added). The address is kept in
that browser across visits until <em>Forget this address</em> removes it; it is never taken from a link.</p>
<p>Each partner types their key into the panel's <strong>API key</strong> field. It is kept for the tab
only (never in a URL or in the browser's lasting storage) and sent only to the chosen address.</p>`;
  return page({
    title: 'Hosting the sandbox for partners',
    siteTitle: doc.info.title,
    version: doc.info.version,
    body,
    control,
  });
}

/** The README's "Hosting it for many partners" section, its own heading left out: the one hosting guide. */
export function hostingSection(readme: string): string {
  const from = readme.indexOf('\n## Hosting it for many partners\n');
  if (from < 0) throw new Error('the sandbox README has no "Hosting it for many partners" section');
  const body = readme.slice(readme.indexOf('\n', from + 1) + 1);
  const end = body.indexOf('\n## ');
  return end < 0 ? body : body.slice(0, end);
}

/** sandbox.html: the sandbox's README as it ships in its tarball, rendered. */
export function sandboxReadmePage(input: { doc: OpenApiDocument; html: string; control: boolean }): string {
  // A query in code stays whole: a browser may break a line after its `?` (GET /__sandbox/sms/?mobile=…).
  const html = input.html.replace(
    /(<code>[^<]*(?:<wbr>[^<]*)*?)(\?[^<\s]+)(<\/code>)/g,
    (_, before: string, query: string, end: string) =>
      `${before}<span style="white-space:nowrap">${query}</span>${end}`,
  );
  const body = `<p class="note">The README of the sandbox, as it ships in its tarball (<a href="downloads.html#tas-sandbox">Downloads</a>). Hosting it for partners: <a href="${HOSTING.page}">what the site needs</a>.</p>\n${html}`;
  return page({
    title: 'The sandbox',
    siteTitle: input.doc.info.title,
    version: input.doc.info.version,
    body,
    control: input.control,
  });
}
