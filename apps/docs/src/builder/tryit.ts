import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { basePath, listOperations, loadJourneys, type OpenApiDocument, resolveRef } from '@tas/openapi';
import { build } from 'esbuild';
import { type Addresses, LOCAL } from '../guide/addresses.js';
import { walkthroughs } from '../guide/walkthrough/journeys.js';
import { SAMPLE_CALLS } from '../samples/calls.js';
import { REOPEN_KEY } from '../tryit/added.js';
import type { OperationPrefill, TargetChoice, TryitConfig, WalkedStep } from '../tryit/config.js';
import { JOURNEYS } from '../tryit/journeys.js';

/**
 * "Try it": a panel on every operation of the reference and the journeys walked on the guide, in
 * the page, against a sandbox or a mock. The build writes three things (src/tryit/ is the browser's
 * code): `tryit.json` beside each page (derived from the description and the addresses), the code as
 * one hashed asset loaded only on a first click, and a loader of a few hundred bytes in the page.
 */

type Json = Record<string, unknown>;

/** The control API's bundled description, beside its page, for Try it's judge there. */
export const CONTROL_JSON = 'sandbox-control.json';

const ENTRY = fileURLToPath(new URL('../tryit/main.ts', import.meta.url));
const JUDGE_ENTRY = fileURLToPath(new URL('../tryit/judge-worker.ts', import.meta.url));
const OPENAPI_BROWSER = fileURLToPath(new URL('../tryit/openapi-browser.ts', import.meta.url));

/** The first example a parameter gives (`example`, `examples`, or its schema's `examples`). */
function exampleOf(doc: OpenApiDocument, param: Json): unknown {
  if (param.example !== undefined) return param.example;
  const named = Object.values((param.examples ?? {}) as Record<string, Json>)[0];
  if (named) return resolveRef<Json>(doc, named).value;
  const schema = resolveRef<Json>(doc, param.schema);
  return (schema.examples as unknown[] | undefined)?.[0];
}

/** Every operation's request as its examples give it. */
export function operationPrefills(doc: OpenApiDocument): Record<string, OperationPrefill> {
  const out: Record<string, OperationPrefill> = {};
  for (const op of listOperations(doc)) {
    const item = doc.paths[op.path] as Json;
    const raw = [
      ...((item.parameters as Json[]) ?? []),
      ...(((item[op.method] as Json).parameters as Json[]) ?? []),
    ].map((p) => resolveRef<Json>(doc, p));
    const pick = (where: string) =>
      Object.fromEntries(raw.filter((p) => p.in === where).map((p) => [String(p.name), exampleOf(doc, p)]));
    const call = SAMPLE_CALLS[op.operationId];
    const examples = op.requestBody?.examples ?? {};
    const name = call?.example && call.example in examples ? call.example : Object.keys(examples)[0];
    // The answers are carried apart (built for the record in the path: carry.ts).
    const FROM: Record<string, string> = { $DRAFT_TOKEN: 'draft_token', $CODE: 'code' };
    const session_fields = Object.fromEntries(
      Object.entries(call?.bodyVariables ?? {})
        .filter(([, variable]) => variable in FROM)
        .map(([field, variable]) => [field, FROM[variable]]),
    ) as OperationPrefill['session_fields'];
    out[op.operationId] = {
      operationId: op.operationId,
      method: op.method,
      path: op.path,
      summary: op.summary || op.operationId,
      path_params: pick('path') as Record<string, string>,
      query: pick('query'),
      ...(op.requestBody ? { body: name ? structuredClone(examples[name]) : {} } : {}),
      key: call?.key ?? 'sandbox-key-instant',
      ...(op.path.includes('{token}') ? { token: op.path.startsWith('/roadmap/') ? 'roadmap' : 'record' } : {}),
      session_fields,
    };
  }
  return out;
}

/** The test ids the description's examples name (in its order), for the ready-record helper. */
export function exampleTests(doc: OpenApiDocument): string[] {
  const found = new Set<string>();
  const walk = (node: unknown, inExample: boolean) => {
    if (Array.isArray(node)) for (const n of node) walk(n, inExample);
    else if (node && typeof node === 'object')
      for (const [k, v] of Object.entries(node)) {
        if (inExample && k === 'test_id' && typeof v === 'string') found.add(v);
        walk(v, inExample || k === 'examples' || k === 'example' || k === 'value');
      }
  };
  walk(doc, false);
  // The standalone JSON test of the walkthrough first: the helper's default.
  return [...found].sort((a, b) => Number(b === 'career-interest') - Number(a === 'career-interest'));
}

/** The targets offered: the hosted sandbox and mock the build was given, then a local one of each. */
export function targetChoices(addresses: Addresses): TargetChoice[] {
  const kinds = ['sandbox', 'mock'] as const;
  return [
    ...kinds
      .filter((kind) => addresses.hosted[kind])
      .map((kind) => ({
        id: kind,
        label: `The hosted ${kind} (${addresses[kind]})`,
        url: addresses[kind],
        kind,
        local: false,
      })),
    ...kinds.map((kind) => ({
      id: `local-${kind}`,
      label: `A ${kind} on this machine (localhost)`,
      url: LOCAL[kind],
      kind,
      local: true,
    })),
  ];
}

/** The API's path prefix from the description's first server (`{base_url}/api/v2` → `/api/v2`). */
const prefixOf = (doc: OpenApiDocument) => basePath(doc).replace(/\/+$/, '');

/** Per Arazzo workflow, the steps its `x-tryit` marks for Try it's walk, with their text and title (the guide's, unless its own). */
function walks(): Record<string, WalkedStep[]> {
  return Object.fromEntries(
    loadJourneys().map((j) => [
      j.workflowId,
      j.steps.flatMap((s) => {
        const shown = s['x-tryit'] as { title?: string; text: string } | undefined;
        const title = shown?.title ?? (s['x-guide'] as { title?: string } | undefined)?.title;
        return shown ? [{ source: s.source, operationId: s.operationId, text: shown.text, title: String(title) }] : [];
      }),
    ]),
  );
}

export function tryitConfig(
  doc: OpenApiDocument,
  addresses: Addresses,
  control?: OpenApiDocument,
  judge = 'assets/judge.js',
): TryitConfig {
  const mock_examples: Record<string, string> = {};
  // The SMS journey's examples win over the instant one's (the browser walks the SMS journey).
  for (const journey of walkthroughs(doc))
    for (const step of journey.steps) if (step.mock?.example) mock_examples[step.mock.operationId] = step.mock.example;
  const keys = [...new Set(Object.values(SAMPLE_CALLS).map((c) => c.key))].sort().reverse();
  return {
    walks: walks(),
    version: doc.info.version,
    base_path: prefixOf(doc),
    targets: targetChoices(addresses),
    keys,
    operations: operationPrefills(doc),
    tests: exampleTests(doc),
    mock_examples,
    judge,
    ...(control ? { control: { base_path: prefixOf(control), operations: operationPrefills(control) } } : {}),
  };
}

/**
 * Where the panel may connect, for the pages' Content-Security-Policy: the hosted servers, each as
 * narrow as its address (a server under a path prefix allows that prefix only, the trailing slash
 * making it a prefix in CSP's matching).
 */
export function connectSources(addresses: Addresses): string[] {
  const hosted = [addresses.hosted.sandbox && addresses.sandbox, addresses.hosted.mock && addresses.mock]
    .filter((u): u is string => Boolean(u))
    .map((u) => {
      const url = new URL(u);
      const path = url.pathname.replace(/\/+$/, '');
      return path ? `${url.origin}${path}/` : url.origin;
    });
  return [...new Set(hosted)];
}

type Asset = { name: string; code: string };
const bundled = new Map<string, Promise<Asset>>();

/**
 * The browser's code, bundled once per build and named by its hash: the panel (`tryit`), and its judge
 * (`judge`: the suite's response rules and Ajv, in a worker of its own, src/tryit/judge-worker.ts).
 */
export function tryitAsset(which: 'tryit' | 'judge' = 'tryit'): Promise<Asset> {
  const entry = which === 'tryit' ? ENTRY : JUDGE_ENTRY;
  const made =
    bundled.get(which) ??
    build({
      entryPoints: [entry],
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'browser',
      target: 'es2020',
      minify: true,
      legalComments: 'none',
      alias: { '@tas/openapi': OPENAPI_BROWSER },
      plugins: [
        {
          // The description's loader reads files; the page hands the description in instead.
          name: 'no-node',
          setup(b) {
            b.onResolve({ filter: /^node:/ }, (a) => ({ path: a.path, namespace: 'no-node' }));
            b.onLoad({ filter: /.*/, namespace: 'no-node' }, () => ({
              contents:
                'export const readFileSync = () => { throw new Error("no files in the browser"); }; export const fileURLToPath = (u) => String(u);',
              loader: 'js',
            }));
          },
        },
      ],
    }).then((result) => {
      const code = result.outputFiles[0]?.text ?? '';
      const hash = createHash('sha256').update(code).digest('hex').slice(0, 12);
      return { name: `${which}.${hash}.js`, code };
    });
  bundled.set(which, made);
  return made;
}

/**
 * The loader in the page: "Try it" buttons on each operation (the plain copy and Redoc's own, as Redoc
 * draws them), and on any click of a `data-tryit` button, the code imported once and opened.
 */
export function loaderScript(
  src: string,
  routes: Record<string, string>,
  kind: 'op' | 'ctl' = 'op',
  walks: Record<string, { id: string; title: string }> = {},
): string {
  const table = JSON.stringify(routes).replace(/</g, '\\u003c');
  const walkTable = JSON.stringify(walks).replace(/</g, '\\u003c');
  return `<script>(function(){var src=${JSON.stringify(src)},r=${table},w=${walkTable},k=${JSON.stringify(kind)},m;
function load(){return m||(m=import(new URL(src,document.baseURI).href))}
function btn(id,name){var b=document.createElement("button");b.type="button";b.className="tas-tryit-open";b.setAttribute("data-tryit",k+":"+id);b.textContent="Try it";b.setAttribute("aria-label","Try it: "+name);return b}
function add(){for(var id in r){var s=document.querySelectorAll('[data-section-id="'+r[id]+'"], .tas-op[data-operation="'+id+'"]');for(var i=0;i<s.length;i++){var h=s[i].querySelector("h2");if(h&&!(h.nextElementSibling&&h.nextElementSibling.classList.contains("tas-tryit-open"))){var b=btn(id,h.textContent);h.after(b);var j=w[id];if(j){var a=document.createElement("button");a.type="button";a.className="tas-tryit-open tas-walk-open";a.setAttribute("data-tryit","journey:"+j.id);a.textContent="Walk the whole journey: "+j.title;b.after(a)}}}}}
var q=0;function later(){if(!q){q=1;requestAnimationFrame(function(){q=0;add()})}}
document.addEventListener("click",function(e){var b=e.target.closest&&e.target.closest("[data-tryit]");if(!b)return;e.preventDefault();b.setAttribute("aria-busy","true");load().then(function(x){b.removeAttribute("aria-busy");return x.open(b.getAttribute("data-tryit"))}).catch(function(err){b.removeAttribute("aria-busy");alert("Try it could not load: "+err.message)})});
document.addEventListener("DOMContentLoaded",function(){add();try{var o=sessionStorage.getItem(${JSON.stringify(REOPEN_KEY)});if(o){sessionStorage.removeItem(${JSON.stringify(REOPEN_KEY)});load().then(function(x){return x.open(o)})}}catch(e){}var p=document.getElementById("redoc");if(p)addEventListener("tas:redoc",function(){add();new MutationObserver(later).observe(p,{childList:true,subtree:true})})})})()</script>`;
}

export const LOADER_STYLE = `<style>.tas-tryit-open{display:inline-block;margin:0.2em 0 0.6em;min-height:40px;padding:0.3em 1em;font:600 14px/1.2 system-ui,sans-serif;color:#fff;background:#1d7f4c;border:0;border-radius:6px;cursor:pointer}.tas-tryit-open[aria-busy="true"]{opacity:.6}.tas-walk-open{margin-left:0.5em;background:#fff;color:#145c33;border:1px solid #1d7f4c}</style>`;

/**
 * Writes tryit.json and the asset, and hooks the loader into the pages that get buttons: the reference
 * and the guide, and the control API's reference (its description beside it as JSON, for the judge).
 */
export async function addTryit(options: {
  outDir: string;
  assets: { dir: string; href: string };
  doc: OpenApiDocument;
  addresses: Addresses;
  routes: Record<string, string>;
  control?: { doc: OpenApiDocument; routes: Record<string, string> };
}): Promise<void> {
  const { outDir, assets, doc, addresses, routes, control } = options;
  const [asset, judge] = await Promise.all([tryitAsset('tryit'), tryitAsset('judge')]);
  mkdirSync(assets.dir, { recursive: true });
  for (const a of [asset, judge]) {
    const file = join(assets.dir, a.name);
    if (!existsSync(file)) writeFileSync(file, a.code);
  }
  const hosted = connectSources(addresses);
  writeFileSync(
    join(outDir, 'tryit.json'),
    `${JSON.stringify({ ...tryitConfig(doc, addresses, control?.doc, `${assets.href}${judge.name}`), connect: hosted }, null, 2)}\n`,
  );
  if (control) writeFileSync(join(outDir, CONTROL_JSON), JSON.stringify(control.doc));
  const src = `${assets.href}${asset.name}`;
  // Each journey's first operation of the API links its walk (the wizard, in the reference's page too).
  const walked = walks();
  const links = Object.fromEntries(
    JOURNEYS.map((j) => [
      walked[j.workflow]?.find((s) => s.source === 'tas')?.operationId ?? '',
      { id: j.id, title: j.title },
    ]),
  );
  const pages: [string, string][] = [
    ['reference.html', loaderScript(src, routes, 'op', links)],
    ['index.html', loaderScript(src, routes)],
    ...(control ? [['sandbox-control.html', loaderScript(src, control.routes, 'ctl')] as [string, string]] : []),
  ];
  for (const [page, loader] of pages) {
    const path = join(outDir, page);
    if (!existsSync(path)) continue;
    const html = readFileSync(path, 'utf8');
    writeFileSync(path, html.replace('</head>', `${LOADER_STYLE}\n${loader}\n</head>`));
  }
}
