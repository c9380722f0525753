import type { Diff } from 'api-smart-diff';
import type { ChangeKind } from './types.js';

// Where the list is stricter than the library, the issue wins (the library, like oasdiff,
// lets an optional response field or an output enum value go without a warning; partners'
// parsers and switch statements break on both):
// - any property removed, in a request or a response, is breaking;
// - any enum value removed, on input or output, is breaking;
// - an example is an annotation wherever it sits (the library leaves media-type examples unclassified).
export function overrideKind(d: Diff, kind: ChangeKind): ChangeKind {
  const path = d.path.map(String);
  const parent = path.at(-2);
  if (path.includes('example') || path.includes('examples')) return 'annotation';
  if (d.action === 'remove' && (parent === 'properties' || parent === 'enum')) return 'breaking';
  if (d.action === 'replace' && path.at(-1) === 'enum' && removesValue(d.before, d.after)) return 'breaking';
  return kind;
}

function removesValue(before: unknown, after: unknown): boolean {
  if (!Array.isArray(before)) return false;
  const kept = new Set(Array.isArray(after) ? after.map((v) => JSON.stringify(v)) : []);
  return before.some((v) => !kept.has(JSON.stringify(v)));
}
