import { createHash } from 'node:crypto';

/**
 * Redoc 3 shows its "API docs by Redocly" attribution as an image from cdn.redoc.ly (the URL is in its
 * script). The site must work with no network, so the image becomes an inline SVG that still says
 * Redocly; the attribution link itself stays.
 */
const LOGOS = ['https://cdn.redoc.ly/redoc/logo-mini-full.svg', 'https://cdn.redoc.ly/redoc/logo-mini.svg'];

const svg = (text: string, width: number) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="16"><text x="0" y="12" font-family="sans-serif" font-size="12" fill="#555">${text}</text></svg>`,
  )}`;

export function localizeAssets(html: string): string {
  const [full = '', mini = ''] = LOGOS;
  if (!html.includes(full)) throw new Error(`Redoc no longer loads ${full}: review src/builder/offline.ts`);
  return withoutEval(html.replaceAll(full, svg('Redocly', 56)).replaceAll(mini, svg('R', 10)));
}

// Redoc's search asks whether it may build its index in a worker by evaluating the worker's code
// (`Function(…)`), and builds it on the page when that throws.
const SEARCH_WORKER_PROBE = /try\{return (\w+)\._factory\?\?=Function\((\w+)\),!0\}catch\{return!1\}/;

/**
 * Redoc's script as the pages' policy runs it (src/builder/page-policy.ts: no eval): its search index
 * built on the page from the start, as it is when the probe throws, so the probe never trips the policy.
 */
export function withoutEval(script: string): string {
  if (!SEARCH_WORKER_PROBE.test(script))
    throw new Error("Redoc's search no longer probes for its worker with Function(): review src/builder/offline.ts");
  return script.replace(SEARCH_WORKER_PROBE, 'return!1');
}

// What `redocly build-docs` (without --inlineBundle) puts in the page to load Redoc from its CDN.
const PRELOAD =
  /<link rel="modulepreload" href="(https:\/\/cdn\.redocly\.com\/[^"]+\/redoc\.standalone\.js)" integrity="([^"]+)"[^>]*>/;

/**
 * The page's Redoc script from the CDN becomes `href`, a relative link to the site's own copy of the
 * same file (`script`, checked against the page's integrity hash, so that a Redocly upgrade cannot
 * pair a page with another renderer). The preload goes: a module script at the end of the body is
 * found early anyway, and the page's own text should not share a slow line with the renderer.
 */
export function localizeRenderer(html: string, script: Buffer, href: string): string {
  const [tag = '', url = '', integrity = ''] = PRELOAD.exec(html) ?? [];
  if (!url) throw new Error('redocly build-docs no longer preloads Redoc from its CDN: review src/builder/offline.ts');
  const [algorithm = '', digest = ''] = integrity.split('-');
  const ours = createHash(algorithm).update(script).digest('base64');
  if (ours !== digest)
    throw new Error(`${url} is not the file Redocly ships beside its CLI: review src/builder/offline.ts`);
  const rest = html.replace(tag, '');
  const imports = `import { hydrate } from "${url}";`;
  if (!rest.includes(imports))
    throw new Error(`redocly build-docs no longer imports ${url}: review src/builder/offline.ts`);
  return rest.replace(imports, `import { hydrate } from "${href}";`);
}
