// JSON Pointers (RFC 6901) and local $refs: the one reader every package uses.
import type { JsonObject } from './description.js';

const isObject = (x: unknown): x is JsonObject => typeof x === 'object' && x !== null && !Array.isArray(x);

export const pointerEscape = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');
export const pointerUnescape = (segment: string) => segment.replace(/~1/g, '/').replace(/~0/g, '~');

/** `/paths/~1record~1/get` → `['paths', '/record/', 'get']`; a local $ref's `#/…` too; `''` → `[]`. */
export function pointerSegments(pointer: string): string[] {
  const at = pointer.replace(/^#/, '');
  return at === '' ? [] : at.split('/').slice(1).map(pointerUnescape);
}

/** `['paths', '/record/']` → `/paths/~1record~1`. */
export const pointerOf = (segments: readonly string[]) => segments.map((s) => `/${pointerEscape(s)}`).join('');

export function pointerGet(doc: unknown, pointer: string): unknown {
  return pointerSegments(pointer).reduce<unknown>((node, key) => (node as JsonObject | undefined)?.[key], doc);
}

/**
 * What keywords beside a $ref do: `target` ignores them (the node the ref names, as it is),
 * `override` copies the target with them on top (a 3.1 Reference Object's summary/description),
 * `allOf` keeps both as schemas (3.1 applies a schema's keywords beside its $ref too).
 */
export type RefSiblings = 'target' | 'override' | 'allOf';

/**
 * Follows a chain of local $refs (`#/…`) from `node`, at most 20: the node it ends on (a $ref of
 * another kind is left as it is; undefined where a ref names nothing) and the pointers it passed.
 */
export function followRefs(
  doc: unknown,
  node: unknown,
  siblings: RefSiblings = 'target',
): { node: unknown; pointers: string[] } {
  const pointers: string[] = [];
  let current = node;
  for (let hops = 0; hops < 20 && isObject(current); hops++) {
    const { $ref, ...rest } = current;
    if (typeof $ref !== 'string' || !$ref.startsWith('#')) break;
    const at = $ref.slice(1);
    pointers.push(at);
    const target = pointerGet(doc, at);
    if (siblings === 'override') current = { ...(target as JsonObject), ...rest };
    else if (siblings === 'allOf' && Object.keys(rest).length) current = { allOf: [target, rest] };
    else current = target;
  }
  return { node: current, pointers };
}

/** Resolves a local `$ref` (`#/components/...`) against the document, its summary and description on top. */
export function resolveRef<T = JsonObject>(doc: unknown, node: unknown): T {
  return followRefs(doc, node, 'override').node as T;
}
