import type { JsonObject, OpenApiDocument } from './description.js';
import { pointerEscape, pointerSegments } from './pointer.js';

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
  const parts = pointerSegments(pointer);
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
/**
 * The bounds the interface states, each schema with its keywords: a full name of at most 50
 * letters, a mobile of 11 digits, at least one role (at most 20 is ours), a status of 0 to 2, answers
 * one per question (their length is validated; a cap on them is ours).
 */
const STATED_BOUNDS: Record<string, string[]> = {
  '/components/schemas/PersianName': ['minLength', 'maxLength'],
  '/components/schemas/Mobile': ['minLength', 'maxLength'],
  '/components/schemas/RecordStatus': ['minimum', 'maximum'],
  '/components/schemas/RoadmapAuthRequest/properties/roles': ['minItems'],
  '/components/schemas/SubmitAnswersRequest/properties/record': ['minItems'],
};

/** Is `keyword` a size bound (length, count, range)? In this description, a safety limit unless stated. */
export const isBoundKeyword = (keyword: string) => BOUND_KEYWORDS.has(keyword);

/**
 * The one "is this bound stated" rule, for every package: a size bound `keyword` of the schema at
 * `schemaPointer` (or inside it) is the interface's only where STATED_BOUNDS names it.
 */
export function isStatedBound(schemaPointer: string, keyword: string): boolean {
  return Object.entries(STATED_BOUNDS).some(
    ([at, keywords]) => (schemaPointer === at || schemaPointer.startsWith(`${at}/`)) && keywords.includes(keyword),
  );
}
