import type { JsonObject, OpenApiDocument } from './description.js';
import { pointerEscape } from './description.js';

export interface Assumption {
  /** JSON pointer of the assumed element in the bundled description. */
  pointer: string;
  /** The sentence after "Assumed:" (or the x-assumed-responses reason). */
  reason: string;
}

/**
 * Every element the description marks as assumed: `x-assumed: true` (reason in its description,
 * after "Assumed:") and each entry of an operation's `x-assumed-responses`.
 */
export function listAssumptions(doc: OpenApiDocument): Assumption[] {
  const out: Assumption[] = [];
  const walk = (node: unknown, pointer: string) => {
    if (Array.isArray(node)) {
      for (const [i, child] of node.entries()) walk(child, `${pointer}/${i}`);
      return;
    }
    if (!node || typeof node !== 'object') return;
    const obj = node as JsonObject;
    if (obj['x-assumed'] === true) out.push({ pointer, reason: reasonOf(String(obj.description ?? '')) });
    const responses = obj['x-assumed-responses'] as Record<string, string> | undefined;
    if (responses) {
      for (const [status, reason] of Object.entries(responses))
        out.push({ pointer: `${pointer}/responses/${status}`, reason });
    }
    for (const [key, child] of Object.entries(obj))
      if (key !== 'x-assumed-responses') walk(child, `${pointer}/${pointerEscape(key)}`);
  };
  walk(doc, '');
  return out;
}

/** Is the element at this pointer, or any element containing it, assumed? */
export function isAssumed(assumptions: Assumption[], pointer: string): boolean {
  return assumptions.some((a) => pointer === a.pointer || pointer.startsWith(`${a.pointer}/`));
}

function reasonOf(description: string): string {
  const at = description.indexOf('Assumed:');
  const text = at >= 0 ? description.slice(at + 'Assumed:'.length) : description;
  return text.replace(/\s+/g, ' ').trim();
}

/** The assumptions as a Markdown table, for openapi/README.md and the docs site. */
export function assumptionsTable(assumptions: Assumption[]): string {
  const cell = (s: string) => s.replace(/\|/g, '\\|');
  const rows = assumptions.map((a) => {
    const reason = a.reason.charAt(0).toUpperCase() + a.reason.slice(1);
    return `| ${cell(assumptionLabel(a.pointer))} | ${cell(reason)} |`;
  });
  return ['| Element | What we assumed, and why |', '|---|---|', ...rows].join('\n');
}

/** A reader's name for a pointer: `GET /record/{token}/ → 200`, `Roadmap.auth_required`. */
export function assumptionLabel(pointer: string): string {
  const parts = pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (parts[0] === 'paths') {
    const [, path, method, kind, status] = parts;
    const operation = `${method?.toUpperCase()} ${path}`;
    if (kind === 'responses') return `\`${operation}\` → ${status}`;
    return `\`${operation}\``;
  }
  if (parts[0] === 'components') {
    const [, kind, name, ...all] = parts;
    // A step a server takes before validating (`x-normalise`): named after the element it applies to.
    const at = all.indexOf('x-normalise');
    const rest = at >= 0 ? all.slice(0, at) : all;
    const step = at >= 0 ? `, as sent: ${(all[at + 1] ?? '').replace(/-/g, ' ')}` : '';
    const fields = rest.filter(
      (p) => !['properties', 'items', 'allOf', 'oneOf', 'anyOf'].includes(p) && !/^\d+$/.test(p),
    );
    const label = [name, ...fields].join('.');
    return kind === 'schemas' ? `\`${label}\`${step}` : `\`${label}\` (${(kind ?? '').replace(/s$/, '')})${step}`;
  }
  // An API-wide decision kept in an info extension: `x-unmatched-requests` → "unmatched requests".
  if (parts[0] === 'info' && parts[1]?.startsWith('x-'))
    return `All operations: ${parts[1].slice(2).replace(/-/g, ' ')}`;
  return `\`${pointer}\``;
}

/** Size keywords: in this description they are safety limits unless the interface states them. */
const BOUND_KEYWORDS = new Set([
  'maxLength',
  'minLength',
  'maxItems',
  'minItems',
  'maximum',
  'minimum',
  'maxProperties',
]);
/** The schemas whose bounds the interface states (name ≤ 50, mobile 11 digits, roles ≥ 1, status 0–2). */
const STATED_BOUNDS = [
  '/components/schemas/PersianName',
  '/components/schemas/Mobile',
  '/components/schemas/RecordStatus',
  '/components/schemas/RoadmapAuthRequest/properties/roles',
];

/**
 * Does a validation issue (keyword + schema pointer) depart from an assumption rather than from the
 * interface? True inside an assumed element, and for a size bound the interface does not state.
 */
export function isAssumedIssue(assumptions: Assumption[], issue: { keyword: string; schemaPath: string }): boolean {
  const at = issue.schemaPath.replace(/\/[^/]+$/, '');
  if (isAssumed(assumptions, at)) return true;
  return BOUND_KEYWORDS.has(issue.keyword) && !STATED_BOUNDS.some((p) => at === p || at.startsWith(`${p}/`));
}
