import { type JsonObject, listOperations, loadDescription, type Operation, resolveRef } from '../src/index.js';

/** The bundled description: what every consumer reads, so what the tests read. */
export const doc = loadDescription();
export const operations = listOperations(doc);

export function op(method: string, path: string): Operation {
  const found = operations.find((o) => o.method === method.toLowerCase() && o.path === path);
  if (!found) throw new Error(`no operation ${method} ${path} in the description`);
  return found;
}

/** Resolves $refs all the way down (the description has no cycles). */
export function deref(node: unknown): JsonObject {
  const resolved = resolveRef<JsonObject>(doc, node);
  return Object.fromEntries(
    Object.entries(resolved).map(([k, v]) => [
      k,
      Array.isArray(v)
        ? v.map((x) => (x && typeof x === 'object' ? deref(x) : x))
        : v && typeof v === 'object'
          ? deref(v)
          : v,
    ]),
  );
}

export function schema(name: string): JsonObject {
  const found = doc.components.schemas?.[name];
  if (!found) throw new Error(`no schema ${name}`);
  return deref(found);
}

/** A property of an object schema; allOf members that narrow it are merged, later ones winning. */
export function prop(of: JsonObject, name: string): JsonObject | undefined {
  const own = (of.properties as JsonObject | undefined)?.[name] as JsonObject | undefined;
  const parts = ((of.allOf as JsonObject[] | undefined) ?? []).map((part) => prop(part, name)).filter(Boolean);
  const all = [...(own ? [own] : []), ...parts] as JsonObject[];
  return all.length ? Object.assign({}, ...all) : undefined;
}

export function requiredOf(of: JsonObject): string[] {
  return [...((of.required as string[]) ?? []), ...((of.allOf as JsonObject[]) ?? []).flatMap(requiredOf)];
}

/** The JSON types a schema admits: union over oneOf/anyOf, `type` arrays and `const`. */
export function typesOf(s: JsonObject | undefined): string[] {
  if (!s) return [];
  const out = new Set<string>();
  const t = s.type;
  if (typeof t === 'string') out.add(t);
  if (Array.isArray(t)) for (const x of t) out.add(String(x));
  if ('const' in s) out.add(s.const === null ? 'null' : typeof s.const);
  for (const k of ['oneOf', 'anyOf'] as const)
    for (const part of (s[k] as JsonObject[]) ?? []) for (const x of typesOf(part)) out.add(x);
  return [...out].sort();
}

/** The non-null branch of a nullable schema (`oneOf: [X, {type: null}]`), or the schema itself. */
export function nonNull(s: JsonObject | undefined): JsonObject | undefined {
  const branches = (s?.oneOf as JsonObject[] | undefined)?.filter((b) => b.type !== 'null');
  return branches?.length === 1 ? branches[0] : s;
}

/** The `data` schema of an operation's success (200) response. */
export function dataOf(operation: Operation): JsonObject {
  const pointer = operation.responses['200']?.schemaPointer;
  if (!pointer) throw new Error(`${operation.operationId} has no 200 body`);
  const body = deref({ $ref: `#${pointer}` });
  const data = prop(body, 'data');
  if (!data) throw new Error(`${operation.operationId}: 200 body has no data`);
  return data;
}

export function description(operation: Operation): string {
  const raw = (doc.paths[operation.path] as JsonObject)[operation.method] as JsonObject;
  return String(raw.description ?? '');
}
