import type { JsonObject, OpenApiDocument } from '@tas/openapi';
import { followRefs, METHODS, pointerOf } from '@tas/openapi';
import { apiDiff, type Diff } from 'api-smart-diff';
import { nodeIn, sameMeaning, schemaRootOf } from './meaning.js';
import { subjectOf } from './partner.js';
import { overrideKind } from './policy.js';
import type { Change, ChangeKind } from './types.js';

export type { Change, ChangeKind } from './types.js';

// The library's own classes; "deprecated" is a notice (non-breaking) and "unclassified" is
// treated as breaking, so that a change the library cannot judge is looked at, not waved through.
const KINDS: Record<string, ChangeKind> = {
  breaking: 'breaking',
  'non-breaking': 'non-breaking',
  annotation: 'annotation',
  deprecated: 'non-breaking',
  unclassified: 'breaking',
};

/** Every change from `before` to `after`, classified by api-smart-diff; the version bump itself is left out. */
export function compareDescriptions(before: OpenApiDocument, after: OpenApiDocument): Change[] {
  // Plain trees: YAML aliases share nodes, and the library then mismatches what it compares.
  const diffs = apiDiff(plain(before), plain(after)) as Diff[];
  const rewrite = rewriteOf(before, after);
  return diffs
    .filter((d) => !(d.path.length === 2 && d.path[0] === 'info' && d.path[1] === 'version'))
    .map((d) => toChange(d, before, after, rewrite(d.path.map(String))));
}

/**
 * Whether a change sits in a schema that accepts the same values before and after (meaning.ts):
 * a rewrite, such as an `allOf` folded into one object or a `$ref` to a renamed schema. A component
 * schema removed or added counts as renamed when the other document has one of the same meaning
 * under a name the first lacks.
 */
function rewriteOf(before: OpenApiDocument, after: OpenApiDocument): (path: string[]) => boolean {
  const schemasOf = (doc: OpenApiDocument) => (doc.components?.schemas ?? {}) as Record<string, unknown>;
  const renamed = (from: OpenApiDocument, to: OpenApiDocument, name: string) =>
    Object.entries(schemasOf(to)).some(
      ([other, schema]) =>
        !(other in schemasOf(from)) && sameMeaning({ doc: from, schema: schemasOf(from)[name] }, { doc: to, schema }),
    );
  const cache = new Map<string, boolean>();
  return (path) => {
    const root = schemaRootOf(path);
    if (!root) return false;
    const key = root.join('\u0000');
    let same = cache.get(key);
    if (same === undefined) {
      const [b, a] = [nodeIn(before, root), nodeIn(after, root)];
      const name = root[0] === 'components' && root[1] === 'schemas' ? (root[2] as string) : undefined;
      if (b !== undefined && a !== undefined) same = sameMeaning({ doc: before, schema: b }, { doc: after, schema: a });
      else if (name && b !== undefined) same = renamed(before, after, name);
      else if (name && a !== undefined) same = renamed(after, before, name);
      else same = false;
      cache.set(key, same);
    }
    return same;
  };
}

function plain<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

function toChange(d: Diff, before: OpenApiDocument, after: OpenApiDocument, rewrite: boolean): Change {
  const path = d.path.map(String);
  const operation = operationOf(path, d.action === 'remove' ? before : after);
  const assumed =
    touchesAssumed(before, path) || touchesAssumed(after, path) || isAssumedValue(d.before) || isAssumedValue(d.after);
  const kind = rewrite ? 'annotation' : overrideKind(d, KINDS[d.type] ?? 'breaking', nodeAt(after, path.slice(0, -1)));
  const subject = subjectOf(path, d.before, d.after);
  return {
    kind,
    action: d.action as Change['action'],
    pointer: pointerOf(path),
    ...(operation ? { operation } : {}),
    assumed,
    text: describe(d, path, operation),
    ...(subject ? { subject } : {}),
    ...(rewrite ? { rewrite } : {}),
    ...(throughRef(d.action === 'remove' ? before : after, path) ? { repeat: true } : {}),
  };
}

/** A component schema's change whose path passes a `$ref` on the way: it sits in another component. */
function throughRef(doc: OpenApiDocument, path: string[]): boolean {
  if (path[0] !== 'components' || path[1] !== 'schemas') return false;
  let node: unknown = doc;
  for (const key of path.slice(0, -1)) {
    if (typeof node !== 'object' || node === null) return false;
    if (typeof (node as JsonObject).$ref === 'string') return true;
    node = (node as JsonObject)[key];
  }
  return false;
}

function operationOf(path: string[], doc: OpenApiDocument): Change['operation'] {
  if (path[0] !== 'paths' || path.length < 3) return undefined;
  const method = path[2] as string;
  if (!(METHODS as readonly string[]).includes(method)) return undefined;
  const op = (doc.paths[path[1] as string] as JsonObject | undefined)?.[method] as JsonObject | undefined;
  return { method: method.toUpperCase(), path: path[1] as string, operationId: op?.operationId as string | undefined };
}

const VERBS: Record<string, string> = { add: 'Added', remove: 'Removed', replace: 'Changed', rename: 'Renamed' };

// The library describes the change where it sits ("[Added] property `x` to `data` in Response 200
// content (application/json)"); we add the operation, or the component, and the value replaced.
function describe(d: Diff, path: string[], operation: Change['operation']): string {
  const said = (d.description ?? '').replace(/^\[([^\]]+)\]\s*/, '$1 ').trim();
  const where = operation
    ? `${operation.method} ${operation.path}`
    : path[0] === 'components' && path.length >= 3
      ? `${path[1]} ${path[2]}`
      : path.slice(0, 2).join(' ');
  const rest = path.slice(operation ? 3 : path[0] === 'components' ? 3 : 2).join('.');
  const what =
    said && !/^(Added|Removed|Replaced|Renamed)$/.test(said)
      ? said
      : `${VERBS[d.action] ?? d.action} ${rest || path.at(-1)}`;
  const value = d.action === 'replace' ? ` (${short(d.before)} → ${short(d.after)})` : '';
  return `${what}${value}, in ${where}`;
}

function short(value: unknown): string {
  const text = JSON.stringify(value) ?? 'nothing';
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function isAssumedValue(value: unknown): boolean {
  return typeof value === 'object' && value !== null && (value as JsonObject)['x-assumed'] === true;
}

// Walks the pointer, following local $refs, and asks whether any node on the way is marked assumed.
function touchesAssumed(doc: OpenApiDocument, path: string[]): boolean {
  let node: unknown = doc;
  for (const key of path) {
    node = follow(doc, node);
    if (isAssumedValue(node)) return true;
    if (typeof node !== 'object' || node === null) return false;
    node = (node as JsonObject)[key];
  }
  return isAssumedValue(follow(doc, node));
}

const follow = (doc: OpenApiDocument, node: unknown): unknown => followRefs(doc, node).node;

/** The node at `path` in `doc`, following the $refs the path passes through. */
function nodeAt(doc: unknown, path: string[]): unknown {
  let node = doc;
  let skip = false;
  for (const segment of path) {
    // The library writes a $ref it merged as `allOf/<n>`: where the tree has no allOf, that step is the node itself.
    if (skip) {
      skip = false;
      continue;
    }
    node = followRefs(doc, node).node;
    const next = (node as JsonObject | undefined)?.[segment];
    if (next === undefined && segment === 'allOf') {
      skip = true;
      continue;
    }
    node = next;
    if (node === undefined) return undefined;
  }
  return node;
}
