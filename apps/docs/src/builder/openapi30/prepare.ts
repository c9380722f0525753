/**
 * The 3.1-only constructs @apiture/openapi-down-convert leaves as they are (0.14.2): a nullable
 * reference (`oneOf: [{$ref}, {type: 'null'}]`, which 3.0 can say only as a nullable copy), a `const` whose
 * value is false, 0 or '' (it tests the value, not the key), `{type: 'null'}` as a branch of
 * `oneOf`/`anyOf`, numeric `exclusiveMinimum`/`exclusiveMaximum`, and `info.summary`. Rewritten on a
 * copy before the converter runs; what they became is listed on the downloads page from the diff.
 */
import { isObject, type Json, resolveLocal } from '../local-ref.js';

// Values, not schemas: an example or a default may hold any key.
const VALUES = new Set(['example', 'examples', 'default', 'enum', 'value', 'const']);

export function prepareFor30(doc: Json): Json {
  const copy = structuredClone(doc);
  const info = copy.info as Json | undefined;
  if (info?.summary !== undefined) {
    info.description = [info.summary, info.description].filter(Boolean).join('\n\n');
    delete info.summary;
  }
  visit(copy, copy);
  return copy;
}

function visit(node: unknown, doc: Json): void {
  if (Array.isArray(node)) for (const item of node) visit(item, doc);
  if (!isObject(node)) return;
  rewriteSchema(node, doc);
  for (const [key, value] of Object.entries(node)) if (!VALUES.has(key) && !key.startsWith('x-')) visit(value, doc);
}

/** The schema a local $ref names, following a chain of them. */
function resolve(doc: Json, schema: Json): Json | undefined {
  const node = resolveLocal(doc, schema);
  return isObject(node) ? node : undefined;
}

function rewriteSchema(node: Json, doc: Json): void {
  if ('const' in node) {
    const value = node.const;
    delete node.const;
    node.enum = [value];
    const type = value === null ? undefined : typeof value === 'number' ? 'number' : typeof value;
    if (node.type === undefined && ['string', 'number', 'boolean'].includes(type ?? '')) node.type = type;
  }
  for (const [bound, plain] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof node[bound] === 'number') {
      node[plain] = node[bound];
      node[bound] = true;
    }
  }
  for (const key of ['oneOf', 'anyOf'] as const) {
    const branches = node[key];
    if (!Array.isArray(branches)) continue;
    const rest = branches.filter((b) => !(isObject(b) && b.type === 'null' && Object.keys(b).length === 1));
    if (rest.length === branches.length) continue;
    delete node[key];
    node.nullable = true;
    const [only] = rest;
    if (rest.length > 1) node[key] = rest;
    else if (isObject(only) && '$ref' in only) {
      // 3.0 allows `nullable` only beside a `type`: a nullable reference becomes a copy of the schema
      // it names (which has one), nullable; a schema without a type stays a reference under allOf.
      const target = resolve(doc, only);
      if (target && typeof target.type === 'string')
        for (const [k, v] of Object.entries(structuredClone(target))) {
          if (!(k in node)) node[k] = v;
        }
      else node.allOf = [only];
    }
    // One inline schema: its keywords become the node's own; the node's description wins.
    else if (isObject(only)) for (const [k, v] of Object.entries(only)) if (!(k in node)) node[k] = v;
  }
}
