import { followRefs } from '@tas/openapi';

// What a schema means on the wire, apart from how it is written: the values it accepts. Two
// schemas mean the same when their normal forms are equal, so that a rewrite (a `$ref` to a
// renamed component, an `allOf` merged into one object, a `maxLength` the format already implies)
// is told apart from a change a partner's code can meet.

type Json = unknown;
type Obj = Record<string, Json>;

/** Keywords that say nothing about which values a schema accepts. */
const ANNOTATIONS = new Set(['description', 'title', 'summary', 'example', 'examples', 'deprecated', '$comment']);
/** Keywords whose value is data, not a schema: left as they are. */
const DATA = new Set(['enum', 'const', 'default', 'required']);

/**
 * The longest value of a format, as written by the service (a UUID, a date, a date-time to the
 * nanosecond with its offset): a `maxLength` at least this long beside the format adds nothing.
 */
export const FORMAT_LENGTH: Record<string, number> = { uuid: 36, date: 10, 'date-time': 35 };

const isObj = (v: Json): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The schema at a local `$ref`, followed until it is not one (at most 20 hops). */
// 3.1 lets keywords sit beside a $ref: both apply.
const deref = (doc: Json, node: Json): Json => followRefs(doc, node, 'allOf').node as Json;

/** The normal form of a schema: references resolved, annotations dropped, `allOf` merged where it can be. */
export function normalize(doc: Json, schema: Json, depth = 0): Json {
  if (depth > 64) return schema;
  const node = deref(doc, schema);
  if (Array.isArray(node)) return node.map((v) => normalize(doc, v, depth + 1));
  if (!isObj(node)) return node;
  let out: Obj = {};
  for (const [key, value] of Object.entries(node)) {
    if (ANNOTATIONS.has(key) || key.startsWith('x-')) continue;
    if (key === 'required' && Array.isArray(value)) out[key] = [...new Set(value.map(String))].sort();
    else if (DATA.has(key)) out[key] = value;
    else if (key === 'properties' && isObj(value))
      out[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normalize(doc, v, depth + 1)]));
    else out[key] = normalize(doc, value, depth + 1);
  }
  if (Array.isArray(out.allOf)) out = mergeAllOf(out);
  const { format, maxLength } = out;
  const implied = typeof format === 'string' ? FORMAT_LENGTH[format] : undefined;
  if (implied !== undefined && typeof maxLength === 'number' && maxLength >= implied) delete out.maxLength;
  return out;
}

/** Folds the members of `allOf` into the schema when no keyword of two of them disagrees. */
function mergeAllOf(schema: Obj): Obj {
  const { allOf, ...rest } = schema;
  let merged: Obj | undefined = rest;
  for (const member of allOf as Json[]) {
    merged = merged && isObj(member) ? mergeTwo(merged, member) : undefined;
  }
  return merged ?? schema;
}

function mergeTwo(a: Obj, b: Obj): Obj | undefined {
  // `additionalProperties` sees only its own member's properties: merged, it would see the others'.
  const closes = (s: Obj) => 'additionalProperties' in s || 'patternProperties' in s;
  if ((closes(a) && 'properties' in b) || (closes(b) && 'properties' in a)) return undefined;
  const out: Obj = { ...a };
  for (const [key, value] of Object.entries(b)) {
    if (!(key in out)) out[key] = value;
    else if (key === 'required') out[key] = [...new Set([...(out[key] as string[]), ...(value as string[])])].sort();
    else if (key === 'properties' && isObj(value) && isObj(out[key])) {
      const props: Obj = { ...(out[key] as Obj) };
      for (const [name, sub] of Object.entries(value)) {
        if (!(name in props)) props[name] = sub;
        else {
          const both = isObj(props[name]) && isObj(sub) ? mergeTwo(props[name] as Obj, sub) : undefined;
          if (!both) return undefined;
          props[name] = both;
        }
      }
      out[key] = props;
    } else if (canonical(out[key]) !== canonical(value)) return undefined;
  }
  return out;
}

/** JSON with sorted keys: equal for equal values whatever the order of their keys. */
export function canonical(value: Json): string {
  return JSON.stringify(value, (_k, v: Json) =>
    isObj(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, v[k]]),
        )
      : v,
  );
}

/** Two schemas, each read in its own document, accept the same values. */
export function sameMeaning(before: { doc: Json; schema: Json }, after: { doc: Json; schema: Json }): boolean {
  return canonical(normalize(before.doc, before.schema)) === canonical(normalize(after.doc, after.schema));
}

/**
 * Where the schema that holds a change starts: a component schema, or the `schema` of a
 * parameter, a request body or a response (the first `schema` segment on the path).
 */
export function schemaRootOf(path: string[]): string[] | undefined {
  if (path[0] === 'components' && path[1] === 'schemas' && path.length >= 3) return path.slice(0, 3);
  const at = path.indexOf('schema');
  return at > 0 ? path.slice(0, at + 1) : undefined;
}

/** The node at `path`, following $refs on the way; an operation's parameter may sit on its path item. */
export function nodeIn(doc: Json, path: string[]): Json {
  let node: Json = doc;
  for (const [i, segment] of path.entries()) {
    node = deref(doc, node);
    if (!isObj(node) && !Array.isArray(node)) return undefined;
    let next = (node as Obj)[segment];
    // The diff engine lists a path item's parameters under each of its operations.
    if (next === undefined && segment === 'parameters' && i === 3 && path[0] === 'paths') {
      next = deref(doc, (deref(doc, (doc as Obj).paths) as Obj)?.[path[1] as string]);
      next = isObj(next) ? next.parameters : undefined;
    }
    node = next;
  }
  return node;
}
