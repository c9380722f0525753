import { type Assumption, listAssumptions, type OpenApiDocument } from '@tas/openapi';
import { esc, table } from './html.js';

/** A readable name for an assumption's place: `GET /record/`, `schema TestId`, `GET /record/ → 400`. */
export function placeOf(pointer: string): string {
  const parts = pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
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
  return pointer;
}

/** The table of assumptions, read from the description's markers at build time. */
export function assumptionsSection(doc: OpenApiDocument): { html: string; assumptions: Assumption[] } {
  const assumptions = listAssumptions(doc);
  const rows = assumptions.map((a) => [
    `<code>${esc(placeOf(a.pointer))}</code>`,
    esc(a.reason),
    `<code class="pointer">${esc(a.pointer)}</code>`,
  ]);
  const html = `<p>Where the interface document says "not shown", the description decides and marks the decision
<code>x-assumed: true</code>. These ${assumptions.length} decisions are read from those markers when the site is built:
the service may differ on them, everything else is its promise.</p>
${table(['Where', 'Assumed', 'Pointer in openapi.json'], rows)}`;
  return { html, assumptions };
}
