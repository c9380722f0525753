import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OpenApiDocument } from '@tas/openapi';
import { marked } from 'marked';
import { stringify } from 'yaml';
import { type Addresses, atAddresses, hostedProse } from '../guide/addresses.js';
import {
  type ClientDownload,
  clientReadmePage,
  DOWNLOADS,
  downloadsPage,
  type ToolsVersion,
} from '../guide/downloads.js';
import { breakable, esc } from '../guide/html.js';
import { proxyPage } from '../guide/proxy.js';
import type { ServerDownload } from '../guide/servers.js';
import type { ClientPackage } from './client-package.js';
import { type ChangeGroup, conversionChanges } from './openapi30/changes.js';
import { convertTo30 } from './openapi30/convert.js';
import { POSTMAN_ENVIRONMENTS, postmanCollection, postmanEnvironment } from './postman.js';

export type { ToolsVersion };

export interface DownloadsBuild {
  outDir: string;
  doc: OpenApiDocument;
  client?: ClientPackage;
  clientDir?: string;
  control: boolean;
  servers: ServerDownload[];
  conformance?: ClientPackage;
  addresses: Addresses;
  tools?: ToolsVersion;
}

/**
 * Writes what the downloads page offers (the client tarball and README, the description as OpenAPI 3.0,
 * the Postman collection and environments) and returns the pages that present them.
 */
export async function writeDownloads(build: DownloadsBuild): Promise<{
  pages: Record<string, string>;
  client?: ClientDownload;
  conversion: ChangeGroup[];
}> {
  const { outDir, doc, client, clientDir, control, servers, conformance, addresses, tools } = build;
  const json = doc as unknown as Record<string, unknown>;
  const doc30 = await convertTo30(json);
  writeFileSync(join(outDir, DOWNLOADS.openapi30Json), `${JSON.stringify(doc30, null, 2)}\n`);
  writeFileSync(join(outDir, DOWNLOADS.openapi30Yaml), stringify(doc30));
  const conversion = conversionChanges(json, doc30);

  // The converter adds its own keys to what it is given: a copy, so that the files and the list stay as written.
  const collection = await postmanCollection(structuredClone(doc30), json);
  writeFileSync(join(outDir, DOWNLOADS.collection), `${JSON.stringify(collection, null, 2)}\n`);
  for (const name of Object.keys(POSTMAN_ENVIRONMENTS) as (keyof typeof POSTMAN_ENVIRONMENTS)[])
    writeFileSync(
      join(outDir, DOWNLOADS.environment(name)),
      `${JSON.stringify(atEnvironment(postmanEnvironment(name, doc.info.title), addresses), null, 2)}\n`,
    );

  const pages: Record<string, string> = {};
  const readmePath = clientDir && join(clientDir, 'README.md');
  const readme = Boolean(client && readmePath && existsSync(readmePath));
  if (client) copyFileSync(client.path, join(outDir, client.file));
  if (conformance) copyFileSync(conformance.path, join(outDir, conformance.file));
  if (readme && readmePath) {
    const text = readFileSync(readmePath, 'utf8');
    writeFileSync(join(outDir, DOWNLOADS.clientReadme), text);
    const html = forThePage(hostedReadme(await marked.parse(text), addresses));
    pages[DOWNLOADS.clientPage] = clientReadmePage({ doc, html, control });
  }
  if (conformance) pages['proxy.html'] = proxyPage({ doc, suite: conformance, addresses, control });
  const download = client && { ...client, readme };
  pages['downloads.html'] = downloadsPage({
    doc,
    client: download,
    servers,
    conformance,
    addresses,
    conversion,
    control,
    tools,
  });
  return { pages, client: download, conversion };
}

/**
 * The README's quick start as a partner of a site built for hosted servers reads it: the hosted addresses,
 * and no word of starting a server (the tarball's README keeps the local ones, for a partner's own).
 */
function hostedReadme(html: string, addresses: Addresses): string {
  if (!addresses.hosted.sandbox && !addresses.hosted.mock) return html;
  const start =
    /Start the mock \(<code>[^<]*<\/code>\) or the sandbox \(<code>[^<]*<\/code>\), as the\s+documentation site(?:'|&#39;)s Getting started page says\./;
  const where = (name: 'mock' | 'sandbox') =>
    addresses.hosted[name]
      ? `The ${name} is hosted at <code>${esc(addresses[name])}</code>.`
      : `Start the ${name} (<code>${esc(addresses[name])}</code>) as the documentation site's Getting started page says.`;
  return hostedProse(
    html
      .replace('Quick start (against the local mock or the sandbox)', 'Quick start (against the mock or the sandbox)')
      .replace(start, `${where('mock')} ${where('sandbox')}`),
    addresses,
  );
}

/** An environment pointed at the site's sandbox or mock (the hosted ones when the build was given them). */
function atEnvironment(env: Record<string, unknown>, addresses: Addresses): Record<string, unknown> {
  const values = env.values as { key: string; value: unknown }[];
  return {
    ...env,
    values: values.map((v) =>
      v.key === 'base_url' && typeof v.value === 'string' ? { ...v, value: atAddresses(v.value, addresses) } : v,
    ),
  };
}

/** A rendered table's cells named after their column (`data-label`), for the cards of a narrow screen. */
function labelled(table: string): string {
  const head = [...(/<thead>([\s\S]*?)<\/thead>/.exec(table)?.[1] ?? '').matchAll(/<th[^>]*>([\s\S]*?)<\/th>/g)].map(
    (m) => (m[1] ?? '').replace(/<[^>]+>/g, '').replace(/"/g, '&quot;'),
  );
  return table.replace(/<tr>([\s\S]*?)<\/tr>/g, (_row, cells: string) => {
    let i = 0;
    return `<tr>${cells.replace(/<td([^>]*)>/g, (_, attrs: string) => `<td${attrs} data-label="${head[i++] ?? ''}">`)}</tr>`;
  });
}

/**
 * The rendered README as the guide's pages show HTML: ids on h2 and h3 for the table of contents
 * (marked 9 gives none), and tables that scroll in their own box on a narrow screen.
 */
export function forThePage(html: string): string {
  const seen = new Set<string>();
  const wrapped = html
    .replace(/<table>[\s\S]*?<\/table>/g, (t) => `<div class="table-wrap">${labelled(t)}</div>`)
    // Inline code (a path, a URL) may break after a slash on a narrow screen, as the guide's own.
    .replace(/<code>([^<]*)<\/code>/g, (_, text: string) => `<code>${breakable(text)}</code>`)
    // Each line of a code block its own block, as the guide's own (`code` in html.ts).
    .replace(/<pre><code([^>]*)>([\s\S]*?)<\/code><\/pre>/g, (_, attrs: string, text: string) => {
      const lines = text.replace(/\n$/, '').split('\n');
      const html = lines.map((l, i) => `<span class="line">${l}${i < lines.length - 1 ? '\n' : ''}</span>`).join('');
      return `<pre><code${attrs}>${html}</code></pre>`;
    });
  return wrapped.replace(/<h([23])>([\s\S]*?)<\/h\1>/g, (_, level: string, text: string) => {
    const base =
      text
        .replace(/<[^>]+>/g, '')
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '') || 'section';
    let id = base;
    for (let i = 2; seen.has(id); i++) id = `${base}-${i}`;
    seen.add(id);
    return `<h${level} id="${id}">${text}</h${level}>`;
  });
}
