import { followRefs } from '@tas/openapi';
import { esc, inline } from '../guide/html.js';

/**
 * The reference readable before Redoc's script has arrived, and deep links that land.
 *
 * `redocly build-docs` renders Redoc on the server at its start route only (the overview), so a link
 * to one operation showed nothing of it until the 2 MB script had run, and Redoc 3, which routes by
 * `#/<tag>/<operation>`, first showed "404 No page at this address" for the `#operation/<id>` links
 * our pages use. Two pieces, both generated here from the description:
 * - a tiny script at the top of the page that turns `#operation/<id>` and Redoc 2's
 *   `#tag/<tag>/operation/<id>` into Redoc 3's own route before anything renders;
 * - every operation as plain HTML after Redoc's markup, each with the route as its id, so that the
 *   browser lands on it as soon as the HTML has arrived; once Redoc has drawn its own operations it
 *   removes this copy (if the script never runs, the copy stays: the page is still readable).
 */

type Json = Record<string, unknown>;
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'];

export interface PrerenderedOperation {
  operationId: string;
  /** Redoc 3's route for it, e.g. `/records/getrecord` (the page's hash is `#` + route). */
  route: string;
  summary: string;
  method: string;
  path: string;
  tag: string;
  operation: Json;
  parameters: Json[];
}

/** Redoc 3's slug for a tag or an operation (its `slugify` fallback: words lower-cased, spaces as dashes). */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(/&/g, '-and-')
    .replace(/--+/g, '-')
    .replace(/^-+/, '')
    .replace(/(?<!-)-+$/, '');
}

/** Follows local `$ref`s (`#/components/...`) in a bundled description. */
function resolve(doc: Json, value: unknown): Json {
  return (followRefs(doc, value).node as Json | undefined) ?? {};
}

export function operationsOf(doc: Json): PrerenderedOperation[] {
  const paths = (doc.paths ?? {}) as Record<string, Json>;
  return Object.entries(paths).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m] && (item[m] as Json).operationId).map((method) => {
      const operation = item[method] as Json;
      const operationId = operation.operationId as string;
      const tag = ((operation.tags as string[] | undefined) ?? [])[0] ?? '';
      const own = ((operation.parameters as unknown[]) ?? []).map((p) => resolve(doc, p));
      const shared = ((item.parameters as unknown[]) ?? []).map((p) => resolve(doc, p));
      const names = new Set(own.map((p) => `${p.in}:${p.name}`));
      return {
        operationId,
        route: tag ? `/${slug(tag)}/${slug(operationId)}` : `/${slug(operationId)}`,
        summary: (operation.summary as string) ?? operationId,
        method,
        path,
        tag,
        operation,
        parameters: [...shared.filter((p) => !names.has(`${p.in}:${p.name}`)), ...own],
      };
    }),
  );
}

/** Paragraphs and dash lists, code spans: enough of Markdown to read a description before Redoc's. */
function text(markdown: unknown): string {
  if (typeof markdown !== 'string') return '';
  return markdown
    .trim()
    .split(/\n\s*\n/)
    .map((block) => {
      const lines = block.split('\n');
      if (lines.every((l) => /^\s*[-*] /.test(l) || /^\s{2,}\S/.test(l)))
        return `<ul>${block
          .split(/\n\s*[-*] /)
          .map((item) => `<li>${inline(item.replace(/^\s*[-*] /, ''))}</li>`)
          .join('')}</ul>`;
      if (lines[0]?.startsWith('|')) return '';
      return `<p>${inline(block)}</p>`;
    })
    .join('');
}

function section(doc: Json, op: PrerenderedOperation): string {
  const parameters = op.parameters.length
    ? `<h4>Parameters</h4><ul>${op.parameters
        .map(
          (p) =>
            `<li><code>${esc(p.name)}</code> <small>${esc(p.in)}${p.required ? ', required' : ''}</small> ${inline(
              String(p.description ?? '').split('\n\n')[0] ?? '',
            )}</li>`,
        )
        .join('')}</ul>`
    : '';
  const body = resolve(doc, op.operation.requestBody);
  const request = body.content
    ? `<h4>Request body</h4><p><code>${esc(Object.keys(body.content as Json).join(', '))}</code>${
        body.required ? ', required' : ''
      }</p>${text(body.description)}`
    : '';
  const responses = Object.entries((op.operation.responses ?? {}) as Json)
    .map(
      ([code, r]) =>
        `<li><strong>${esc(code)}</strong> ${inline(String(resolve(doc, r).description ?? '').trim())}</li>`,
    )
    .join('');
  return (
    `<section class="tas-op" id="${esc(op.route)}" data-operation="${esc(op.operationId)}">` +
    `<h2>${esc(op.summary)}</h2>` +
    `<p class="tas-op-path"><span class="tas-method tas-${op.method}">${op.method.toUpperCase()}</span> <code>${esc(op.path)}</code></p>` +
    `${text(op.operation.description)}${parameters}${request}<h4>Responses</h4><ul>${responses}</ul></section>`
  );
}

/** Every operation as plain HTML, grouped by tag, in the description's order. */
export function prerenderedOperations(doc: Json): string {
  const ops = operationsOf(doc);
  const tags = [...new Set(ops.map((o) => o.tag))];
  const groups = tags
    .map(
      (tag) =>
        `<h1 class="tas-tag">${esc(tag || 'Operations')}</h1>${ops
          .filter((o) => o.tag === tag)
          .map((o) => section(doc, o))
          .join('')}`,
    )
    .join('');
  // The browser may have looked for the fragment before this HTML arrived: land on it now.
  return `<div id="tas-prerender" class="tas-prerender">${groups}</div>${LAND}`;
}

/** Lands on the fragment's element, if the page has it. */
export const LAND = `<script>(function(){var t=document.getElementById(decodeURIComponent(location.hash.slice(1)));if(t)t.scrollIntoView()})()</script>`;

/**
 * The script that runs before anything renders: an operation link in any form becomes Redoc 3's own
 * route, so Redoc never sees an address it does not know (on load, and on a link within the page: this
 * listens before Redoc's router does); a link to an operation this version lacks
 * (after the version switcher) lands at the top. Then it removes the plain copy once Redoc has drawn
 * (the linked operation; on any other address, once `hydrate` has resolved: see HYDRATED).
 */
export function deepLinkScript(doc: Json): string {
  const ops = operationsOf(doc);
  const routes = Object.fromEntries(ops.map((o) => [o.operationId, o.route]));
  const tags = [...new Set(ops.map((o) => slug(o.tag)).filter(Boolean))];
  const table = JSON.stringify({ routes, tags }).replace(/</g, '\\u003c');
  return `<script>(function(){var t=${table};
function fix(){var h=location.hash,m=/^#(?:tag\\/[^/]+\\/)?operation\\/([^/?#]+)$/.exec(h),k=/^#(\\/([^/#]+)\\/[^/#]+)(?:#.*)?$/.exec(h),to=null;
if(m){var id=decodeURIComponent(m[1]);to=t.routes[id]?"#"+t.routes[id]:""}
else if(k&&t.tags.indexOf(k[2])>=0&&!Object.keys(t.routes).some(function(i){return t.routes[i]===k[1]}))to="";
if(to!==null)history.replaceState(history.state,"",location.pathname+location.search+to)}
fix();addEventListener("popstate",fix);addEventListener("hashchange",fix);
document.addEventListener("DOMContentLoaded",function(){var r=document.getElementById("redoc"),p=document.getElementById("tas-prerender");if(!r||!p)return;
function drawn(){var k=location.hash.split("#")[1]||"",at=Object.keys(t.routes).some(function(i){return t.routes[i]===k});return at?r.querySelector('[data-section-id="'+k+'"]'):hydrated}
var hydrated=false,o=new MutationObserver(function(){if(drawn())done()});function done(){o.disconnect();p.remove()}
o.observe(r,{childList:true,subtree:true});addEventListener("tas:redoc",function(){hydrated=true;requestAnimationFrame(function(){if(drawn())done()})})})})()</script>`;
}

/** What `redocly build-docs` writes to start Redoc, and the same telling the page when Redoc has started. */
export const HYDRATE = "hydrate(__redoc_definition, __redoc_options, document.getElementById('redoc'));";
export const HYDRATED =
  "hydrate(__redoc_definition, __redoc_options, document.getElementById('redoc')).then(() => dispatchEvent(new Event('tas:redoc')));";
