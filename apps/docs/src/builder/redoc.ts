import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, stringify } from 'yaml';
import type { Addresses } from '../guide/addresses.js';
import { markCurrent } from '../guide/layout.js';
import { withErrorLinks } from './error-links.js';
import { localizeAssets, localizeRenderer } from './offline.js';
import { deepLinkScript, HYDRATE, HYDRATED, LAND, prerenderedOperations } from './prerender.js';
import { hashLinks, ROUTE_LINKS_SCRIPT } from './route-links.js';
import { expandServerDefaults } from './servers.js';

const require = createRequire(import.meta.url);
const redoclyBin = require.resolve('@redocly/cli/bin/cli.js');
const template = fileURLToPath(new URL('./reference.hbs', import.meta.url));
// The Redoc script `redocly build-docs` links from its CDN, as the CLI ships it beside itself.
const standalone = join(dirname(redoclyBin), '..', 'lib', 'chunks', 'redoc.standalone.js');

/**
 * Redoc's script under a name that changes with its content, so that browsers may keep it for good;
 * `original` is the file as Redocly ships it, `content` the site's copy (its CDN logo made inline).
 */
export function rendererAsset(): { name: string; content: string; original: Buffer } {
  const original = readFileSync(standalone);
  const content = localizeAssets(original.toString('utf8'));
  const hash = createHash('sha256').update(content).digest('hex').slice(0, 12);
  return { name: `redoc.${hash}.js`, content, original };
}

/**
 * Redoc's options. Its samples panel shows only the request's payload: the code samples are the
 * site's own tabs (code-samples.ts), loaded when a person opens one, so Redoc must not write its
 * own curl. `scrollYOffset`: a link lands under the site's bar, which stays on a laptop's screen
 * (reference.hbs).
 */
export const REDOC_CONFIG = `openapi:
  scrollYOffset: .tas-nav
  codeSamples:
    languages:
      - lang: Payload
`;

export interface ReferencePage {
  /** The description to render (a bundled file, or one whose refs Redocly resolves). */
  description: string;
  output: string;
  title: string;
  templateOptions: Record<string, string | boolean>;
  /** The site's assets folder (the root's, for every version) and the link to it from the page. */
  assets: { dir: string; href: string };
  /** The sandbox and the mock the samples and the Servers panel point at. */
  addresses: Addresses;
}

/**
 * `redocly build-docs`: Redoc's own server-side rendering, and its script from the Redocly CDN, which
 * becomes one content-hashed file in the site's assets folder that every reference page of every
 * version loads (offline, and cached once). Telemetry is off.
 */
export async function buildReference(page: ReferencePage): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'tas-docs-render-'));
  const rendered = join(work, basename(page.description));
  expandServerDefaults(page.description, rendered, page.addresses);
  // The rendered copy's error responses link to their codes on errors.html.
  writeFileSync(rendered, stringify(withErrorLinks(parse(readFileSync(rendered, 'utf8')))));
  const config = join(work, 'redocly.yaml');
  writeFileSync(config, REDOC_CONFIG);
  let doc: Record<string, unknown>;
  try {
    await buildDocs(page, rendered, config);
    doc = parse(readFileSync(rendered, 'utf8'));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const renderer = rendererAsset();
  mkdirSync(page.assets.dir, { recursive: true });
  const file = join(page.assets.dir, renderer.name);
  if (!existsSync(file)) writeFileSync(file, renderer.content);
  const html = localizeRenderer(
    readFileSync(page.output, 'utf8'),
    renderer.original,
    `${page.assets.href}${renderer.name}`,
  );
  writeFileSync(page.output, markCurrent(withPrerender(html, doc, page.assets), basename(page.output)));
}

// Redoc's server-rendered styles (styled-components'), for its own markup only: about 250 kB.
const REDOC_STYLES = /<style data-styled="true"[^>]*>([\s\S]*?)<\/style>/;

/**
 * Redoc's styles in a stylesheet of the shared assets (named by its content: every version's copy is one
 * file, cached for good), linked after the operations' plain copy, so that a deep link shows its operation
 * before they have arrived and the page's first parse is 160 kB, not 410. Redoc's own markup is left out
 * of the page until its styles are in, rather than flash unstyled (a stylesheet in the body holds what
 * follows it); then the page lands on the link again (unstyled, that markup was taller, and the browser's
 * scroll kept its place, not the operation's).
 */
function afterOperations(html: string, assets: ReferencePage['assets']): string {
  const styles = REDOC_STYLES.exec(html);
  const at = html.lastIndexOf('<script type="module">');
  if (!styles || at < 0) throw new Error('redocly build-docs changed its styles: review src/builder/redoc.ts');
  const css = styles[1] ?? '';
  const name = `redoc-styles.${createHash('sha256').update(css).digest('hex').slice(0, 12)}.css`;
  if (!existsSync(join(assets.dir, name))) writeFileSync(join(assets.dir, name), css);
  const moved = html.replace(styles[0], '<style>#redoc{display:none}</style>');
  const to = moved.lastIndexOf('<script type="module">');
  const link = `<link rel="stylesheet" href="${assets.href}${name}">`;
  return `${moved.slice(0, to)}${link}<style>#redoc{display:block}</style>${LAND}\n      ${moved.slice(to)}`;
}

/**
 * The deep-link script at the end of the head, the operations as HTML before Redoc's hidden markup (27 kB
 * a deep link need not wait for).
 */
function withPrerender(html: string, doc: Record<string, unknown>, assets: ReferencePage['assets']): string {
  const at = html.indexOf('<div id="redoc"');
  if (at < 0 || !html.includes('</head>') || !html.includes(HYDRATE))
    throw new Error('redocly build-docs changed its page: review src/builder/redoc.ts');
  const body = `${html.slice(0, at)}${prerenderedOperations(doc)}\n      ${html.slice(at)}`;
  return hashLinks(afterOperations(body, assets))
    .replace('</head>', `${deepLinkScript(doc)}\n${ROUTE_LINKS_SCRIPT}\n</head>`)
    .replace(HYDRATE, HYDRATED);
}

async function buildDocs(page: ReferencePage, description: string, config: string): Promise<void> {
  const args = [
    redoclyBin,
    'build-docs',
    description,
    '--config',
    config,
    '--output',
    page.output,
    '--template',
    template,
    '--title',
    page.title,
    ...Object.entries(page.templateOptions).map(([k, v]) => `--templateOptions.${k}=${v}`),
  ];
  const output = await redocly(args);
  if (!/bundled successfully/.test(output)) throw new Error(`redocly build-docs said:\n${output}`);
}

/** `redocly bundle`: one file with no external `$ref`s, so that it can be downloaded and rendered alone. */
export async function bundle(input: string, output: string): Promise<void> {
  await redocly([redoclyBin, 'bundle', input, '--output', output]);
}

function redocly(args: string[]): Promise<string> {
  const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
  return new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, args, { env });
    let text = '';
    child.stdout.on('data', (d) => (text += d));
    child.stderr.on('data', (d) => (text += d));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(text) : reject(new Error(`redocly ${args[1]} failed:\n${text}`)),
    );
  });
}
