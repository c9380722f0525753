import {
  type Assumption,
  followRefs,
  isAssumed,
  type JsonObject,
  listOperations,
  type OpenApiDocument,
  pointerGet,
} from '@tas/openapi';
import { constraintGround } from '../grounds/constraints.js';
import { isStated } from '../grounds/ground.js';
import type { ConstraintKind } from '../types.js';

/** One constraint of one operation's parameters or body, in the bundled description. */
export interface Site {
  operationId: string;
  in: 'path' | 'query' | 'body';
  /** The parameter's name, or the body location as path segments (`['roles', '0', 'id']`). */
  name: string;
  path: string[];
  kind: ConstraintKind;
  /** The schema holding the constraint, after $refs. */
  schema: JsonObject;
  /** Where the constraint sits in the description. */
  pointer: string;
  /** The constraint is the description's assumption (x-assumed): an acceptance is a warning. */
  assumed: boolean;
  /** A valid value at this place (the body example's), for constraints that vary it. */
  valid: unknown;
  /** A body field its object does not require: the interface says nothing of it sent as null. */
  optional?: boolean;
}

export const siteLabel = (s: Site) =>
  `${s.in === 'body' ? `body /${s.path.join('/')}` : `${s.in} ${s.name}`}: ${s.kind}`;

const FORMATS = new Set(['uuid', 'date', 'date-time', 'email', 'uri']);

/** Every constraint of every operation's parameters and request body (from its first example). */
export function listSites(doc: OpenApiDocument, assumptions: Assumption[]): Site[] {
  const out: Site[] = [];
  for (const op of listOperations(doc)) {
    for (const p of op.parameters) {
      if (p.in === 'header') continue;
      const { schema, pointers } = resolve(doc, p.schemaPointer);
      // A parameter whose schema is a component: that component's marks decide; an inline one: the parameter's.
      const assumed =
        pointers.length > 1
          ? pointers.slice(1).some((at) => isAssumed(assumptions, at))
          : isAssumed(assumptions, p.schemaPointer);
      for (const kind of kindsOf(schema, p.in === 'query' ? 'query' : 'path'))
        out.push({
          operationId: op.operationId,
          in: p.in,
          name: p.name,
          path: [],
          kind,
          schema,
          pointer: pointers.at(-1) ?? p.schemaPointer,
          assumed,
          valid: undefined,
        });
    }
    const body = op.requestBody;
    if (!body) continue;
    const example = Object.values(body.examples)[0];
    const visit = (at: string, path: string[], value: unknown, inherited: boolean, optional = false) => {
      const { schema, pointers } = resolve(doc, at);
      const assumed = inherited || pointers.some((p) => p.startsWith('/components/') && isAssumed(assumptions, p));
      const site = (kind: ConstraintKind, extra: Partial<Site> = {}) =>
        out.push({
          operationId: op.operationId,
          in: 'body',
          name: `/${path.join('/')}`,
          path,
          kind,
          schema,
          pointer: pointers.at(-1) ?? at,
          assumed,
          valid: value,
          optional,
          ...extra,
        });
      for (const kind of kindsOf(schema, 'body')) site(kind);
      const properties = (schema.properties ?? {}) as JsonObject;
      for (const name of (schema.required as string[] | undefined) ?? [])
        site('required', { path: [...path, name], name: `/${[...path, name].join('/')}` });
      const obj = (value && typeof value === 'object' && !Array.isArray(value) ? value : {}) as JsonObject;
      const required = (schema.required as string[] | undefined) ?? [];
      for (const name of Object.keys(properties))
        visit(`${pointers.at(-1)}/properties/${name}`, [...path, name], obj[name], assumed, !required.includes(name));
      if (schema.items && Array.isArray(value) && value.length)
        visit(`${pointers.at(-1)}/items`, [...path, '0'], value[0], assumed);
      for (const combiner of ['oneOf', 'anyOf'] as const)
        if (Array.isArray(schema[combiner]))
          (schema[combiner] as unknown[]).forEach((_, i) => {
            // Each branch's own bounds: a value that breaks them and matches no other branch.
            const branch = resolve(doc, `${pointers.at(-1)}/${combiner}/${i}`);
            const branchAssumed =
              assumed || branch.pointers.some((p) => p.startsWith('/components/') && isAssumed(assumptions, p));
            for (const kind of kindsOf(branch.schema, 'body').filter((k) => k !== 'type'))
              site(kind, { schema: branch.schema, pointer: branch.pointers.at(-1), assumed: branchAssumed });
          });
    };
    visit(body.schemaPointer, [], example, false);
  }
  // x-assumed, or no interface sentence states the constraint for this operation (src/grounds).
  return out.map((s) => ({ ...s, assumed: s.assumed || !isStated(constraintGround(s)) }));
}

/** The constraints a schema states, as far as a value at this place can break them. */
function kindsOf(schema: JsonObject, place: 'path' | 'query' | 'body'): ConstraintKind[] {
  const kinds: ConstraintKind[] = [];
  const type = schema.type;
  // A path or query value is a string on the wire: only a non-string type can be broken there.
  if (typeof type === 'string' && (place === 'body' || type !== 'string')) kinds.push('type');
  if (!type && (schema.oneOf || schema.anyOf) && place === 'body') kinds.push('type');
  if (typeof schema.pattern === 'string') kinds.push('pattern');
  if (typeof schema.minLength === 'number' && schema.minLength > 0 && place !== 'path') kinds.push('minLength');
  if (typeof schema.maxLength === 'number') kinds.push('maxLength');
  if (typeof schema.minimum === 'number') kinds.push('minimum');
  if (typeof schema.maximum === 'number') kinds.push('maximum');
  if (Array.isArray(schema.enum)) kinds.push('enum');
  if (typeof schema.format === 'string' && FORMATS.has(schema.format)) kinds.push('format');
  if (schema.additionalProperties === false) kinds.push('additionalProperties');
  if (typeof schema.minItems === 'number' && schema.minItems > 0) kinds.push('minItems');
  if (typeof schema.maxItems === 'number') kinds.push('maxItems');
  return kinds;
}

/** The schema at `pointer`, its $refs followed (@tas/openapi's reader), and the pointers passed (the first is where it started). */
function resolve(doc: OpenApiDocument, pointer: string) {
  const { node, pointers } = followRefs(doc, pointerGet(doc, pointer));
  return { schema: (node as JsonObject | undefined) ?? {}, pointers: [pointer, ...pointers] };
}
