import { followRefs } from '@tas/openapi';

export type Json = Record<string, unknown>;

export const isObject = (x: unknown): x is Json => typeof x === 'object' && x !== null && !Array.isArray(x);

/** What a local $ref (`#/…`) names in `doc`, following a chain of them; a node without one as it is; undefined for another kind of $ref. */
export function resolveLocal(doc: Json, node: unknown): unknown {
  const end = followRefs(doc, node).node;
  return isObject(end) && typeof end.$ref === 'string' ? undefined : end;
}
