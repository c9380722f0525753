export type Json = Record<string, unknown>;

export const isObject = (x: unknown): x is Json => typeof x === 'object' && x !== null && !Array.isArray(x);

/** What a local $ref (`#/…`) names in `doc`, following a chain of them; a node without one as it is; undefined for another kind of $ref. */
export function resolveLocal(doc: Json, node: unknown): unknown {
  for (let hops = 0; isObject(node) && typeof node.$ref === 'string' && hops < 10; hops++) {
    const ref = node.$ref as string;
    if (!ref.startsWith('#/')) return undefined;
    node = ref
      .slice(2)
      .split('/')
      .reduce<unknown>((n, s) => (isObject(n) ? n[s.replaceAll('~1', '/').replaceAll('~0', '~')] : undefined), doc);
  }
  return node;
}
