import type { Diff } from 'api-smart-diff';
import type { ChangeKind } from './types.js';

// Where the list is stricter than the library, the issue wins (the library, like oasdiff,
// lets an optional response field or an output enum value go without a warning; partners'
// parsers and switch statements break on both):
// - any property removed, in a request or a response, is breaking;
// - any enum value removed, on input or output, is breaking;
// - an example is an annotation wherever it sits (the library leaves media-type examples unclassified);
// - so is a specification extension (`x-…`): no validator reads one, and the library calls an unknown
//   keyword added to a schema breaking when the schema beside it changes too.
// And where it is stricter than the wire: a `type` added beside a `const` of that type admits the
// same values as before (generators need it to type the field), so it is an annotation.
export function overrideKind(d: Diff, kind: ChangeKind, holder?: unknown): ChangeKind {
  const path = d.path.map(String);
  if (d.action === 'add' && path.at(-1) === 'type' && typeOfConst(holder) === d.after) return 'annotation';
  const parent = path.at(-2);
  if (path.includes('example') || path.includes('examples')) return 'annotation';
  if (path.some((segment) => segment.startsWith('x-'))) return 'annotation';
  if (d.action === 'remove' && (parent === 'properties' || parent === 'enum')) return 'breaking';
  if (d.action === 'replace' && path.at(-1) === 'enum' && removesValue(d.before, d.after)) return 'breaking';
  return kind;
}

function removesValue(before: unknown, after: unknown): boolean {
  if (!Array.isArray(before)) return false;
  const kept = new Set(Array.isArray(after) ? after.map((v) => JSON.stringify(v)) : []);
  return before.some((v) => !kept.has(JSON.stringify(v)));
}

/** The JSON Schema type of the `const` beside a keyword, when there is one. */
function typeOfConst(node: unknown): string | undefined {
  if (!node || typeof node !== 'object' || !('const' in node)) return undefined;
  const value = (node as { const: unknown }).const;
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}
