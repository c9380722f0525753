import { type Assumption, listAssumptions, listOperations, type OpenApiDocument, pointerSegments } from '@tas/openapi';
import { esc, inline, sentence } from './html.js';

/** A readable name for an assumption's place: `GET /record/`, `schema TestId`, `GET /record/ → 400`. */
export function placeOf(pointer: string): string {
  const parts = pointerSegments(pointer);
  if (parts[0] === 'paths') {
    const [, path = '', method = '', ...rest] = parts;
    const where = `${method.toUpperCase()} ${path}`.trim();
    if (rest[0] === 'responses')
      return `${where} → ${rest[1]}${rest.length > 2 ? ` (${rest.slice(2).join('.')})` : ''}`;
    return rest.length ? `${where} (${rest.join('.')})` : where;
  }
  if (parts[0] === 'components') {
    const [, kind = '', name = '', ...rest] = parts;
    const label = `${kind.replace(/s$/, '')} ${name}`;
    return rest.length ? `${label}: ${rest.filter((p) => p !== 'properties').join('.')}` : label;
  }
  return parts.join('.');
}

interface Group {
  id: string;
  title: string;
  /** The operation's method and path, under its title. */
  route?: string;
  /** Where the reference shows this group, when it has a page of its own there. */
  reference?: string;
  items: Assumption[];
}

/** The assumptions grouped as a partner looks for them: the whole API, each operation, the data. */
export function groupAssumptions(doc: OpenApiDocument, assumptions = listAssumptions(doc)): Group[] {
  const operations = listOperations(doc);
  const general: Group = { id: 'general', title: 'The whole API', items: [] };
  const data: Group = { id: 'data', title: 'Fields, parameters and examples', items: [] };
  const perOperation = new Map<string, Group>();
  for (const op of operations)
    perOperation.set(op.pointer, {
      id: `op-${op.operationId}`,
      title: op.summary,
      route: `${op.method.toUpperCase()} /api/v2${op.path}`,
      reference: `reference.html#operation/${op.operationId}`,
      items: [],
    });
  for (const a of assumptions) {
    const op = operations.find((o) => a.pointer === o.pointer || a.pointer.startsWith(`${o.pointer}/`));
    const group = op ? perOperation.get(op.pointer) : a.pointer.startsWith('/components/') ? data : general;
    group?.items.push(a);
  }
  return [general, ...perOperation.values(), data].filter((g) => g.items.length);
}

/**
 * The assumptions page's text: what the description decides where the interface is silent, read
 * from the description's `x-assumed` markers when the site is built. Each decision is a sentence;
 * where it sits is the small print under it.
 */
/**
 * The description's reasons say "we" for its authors; a partner reads them as the description's
 * decisions ("we answer 401" is what this API answers), not as a voice from behind the page.
 */
export function asTheDescription(reason: string): string {
  return reason
    .replace(
      /\bwe (answer|keep|follow|use|return|chose|choose)\b/g,
      (_, verb: string) => `this API ${verb === 'chose' || verb === 'choose' ? 'chooses' : `${verb}s`}`,
    )
    .replace(/\bthis is our design\b/g, "this is the description's decision")
    .replace(/\bis our design\b/g, "is the description's decision")
    .replace(/\bour\b/g, "the description's");
}

export function assumptionsBody(doc: OpenApiDocument): { html: string; assumptions: Assumption[] } {
  const assumptions = listAssumptions(doc);
  const groups = groupAssumptions(doc, assumptions).map(
    (g) => `<h2 id="${esc(g.id)}">${esc(g.title)}${g.route ? ` <small><code>${esc(g.route)}</code></small>` : ''}</h2>
<ul>
${g.items
  .map(
    (a) =>
      `<li><span class="reason">${inline(sentence(asTheDescription(a.reason)))}</span><span class="where" title="${esc(a.pointer)}">${esc(placeOf(a.pointer))}${g.reference ? ` · <a href="${esc(g.reference)}">reference</a>` : ''}</span></li>`,
  )
  .join('\n')}
</ul>`,
  );
  const html = `<h1>Stated and assumed</h1>
<p>The interface document leaves some things "not shown": a field's exact format, a status code, a
limit's value. Where it does, this API's description makes a decision and marks it as assumed. These
${assumptions.length} decisions are read from those marks when the site is built. A deployment may differ on
them; everything else is the interface's promise. The conformance suite (<code>tas-conformance</code>, on
<a href="downloads.html#conformance">Downloads</a>) reports a departure from an assumption as a warning, not a failure.</p>
<div class="assumptions">
${groups.join('\n')}
</div>`;
  return { html, assumptions };
}
