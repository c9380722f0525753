import {
  type Assumption,
  followRefs,
  isAssumed,
  type JsonObject,
  listOperations,
  type OpenApiDocument,
  pointerGet,
} from '@tas/openapi';
import { constraintGround } from './grounds/constraints.js';
import { isStated } from './grounds/ground.js';
import { readsAs } from './negative/lenient.js';
import type { ConstraintKind } from './types.js';

export interface Mutation {
  /** What was broken, e.g. `/roles/0/profile/name: longer than maxLength 50`. */
  label: string;
  body: unknown;
  /** The broken constraint is the description's assumption. */
  assumed: boolean;
}

/**
 * Each constraint of a request schema violated in turn, starting from a valid example: a missing
 * required field, an unexpected field, a wrong type, a broken pattern, format, length, bound or
 * item count. Every mutation must be refused with 400.
 */
export function mutations(doc: OpenApiDocument, assumptions: Assumption[], pointer: string, example: unknown) {
  const out: Mutation[] = [];
  const operationId = listOperations(doc).find((o) => o.requestBody?.schemaPointer === pointer)?.operationId ?? '';
  // x-assumed, or no interface sentence states this constraint of this operation (src/grounds).
  const judged = (inherited: boolean, path: string[], kind: ConstraintKind, at?: string) =>
    inherited ||
    !isStated(constraintGround({ operationId, in: 'body', name: `/${path.join('/')}`, kind, pointer: at }));
  const visit = (at: string, path: string[], value: unknown, inherited: boolean) => {
    const { schema, pointers } = resolve(doc, at);
    const assumed = inherited || pointers.some((p) => p.startsWith('/components/') && isAssumed(assumptions, p));
    const add = (kind: ConstraintKind, what: string, broken: unknown) =>
      out.push({
        label: `/${path.join('/')}: ${what}`,
        body: setAt(example, path, broken),
        assumed: judged(assumed, path, kind, pointers[0]) || (kind === 'type' && readsAs(broken, schema)),
      });
    const type = schema.type;
    if (path.length) add('type', `wrong type (want ${String(type ?? 'the schema type')})`, wrongType(type));
    if (typeof schema.pattern === 'string') {
      add('pattern', `breaks pattern ${schema.pattern}`, '!!');
      // Letters of another script where the valid value is letters but not Latin ones (a Persian name).
      const re = new RegExp(schema.pattern, 'u');
      if (typeof value === 'string' && /\p{L}/u.test(value) && !/[A-Za-z]/.test(value) && !re.test('Ali Rezaei'))
        add('pattern', `breaks pattern ${schema.pattern} (Latin letters)`, 'Ali Rezaei');
      // A number with a prefix and a length (11 digits from 09): each rule broken alone, not both at once.
      if (typeof value === 'string' && /^\d{3,}$/.test(value) && re.test(value)) {
        const longer = value + value.slice(-1);
        if (!re.test(longer)) add('maxLength', 'one digit too many, its prefix kept', longer);
        const prefix = (value[0] === '1' ? '2' : '1') + value.slice(1);
        if (!re.test(prefix)) add('pattern', 'the right length, another prefix', prefix);
      }
    }
    if (schema.format === 'date') add('format', 'not a date', '2020-13-45');
    if (typeof schema.minLength === 'number' && schema.minLength > 0 && typeof value === 'string')
      add('minLength', `shorter than minLength ${schema.minLength}`, value.slice(0, schema.minLength - 1));
    if (typeof schema.maxLength === 'number' && typeof value === 'string')
      add('maxLength', `longer than maxLength ${schema.maxLength}`, (value[0] ?? 'a').repeat(schema.maxLength + 1));
    if (typeof schema.minimum === 'number') add('minimum', `below minimum ${schema.minimum}`, schema.minimum - 1);
    if (typeof schema.minItems === 'number' && schema.minItems > 0)
      add('minItems', `fewer than minItems ${schema.minItems}`, []);
    if (type === 'object' && value && typeof value === 'object') {
      const obj = value as JsonObject;
      for (const name of (schema.required as string[] | undefined) ?? [])
        if (name in obj)
          out.push({
            label: `/${[...path, name].join('/')}: missing required field`,
            body: removeAt(example, [...path, name]),
            assumed: judged(assumed, [...path, name], 'required'),
          });
      if (schema.additionalProperties === false)
        add('additionalProperties', 'unexpected field', { ...obj, unexpected_field: 1 });
      const properties = (schema.properties ?? {}) as JsonObject;
      for (const name of Object.keys(obj))
        if (name in properties) visit(`${pointers[0]}/properties/${name}`, [...path, name], obj[name], assumed);
    }
    if (type === 'array' && Array.isArray(value) && value.length && schema.items)
      visit(`${pointers[0]}/items`, [...path, '0'], value[0], assumed);
  };
  visit(pointer, [], example, false);
  return out;
}

/** Follows $refs to a schema with a type; returns it and the pointers passed. */
function resolve(doc: OpenApiDocument, pointer: string) {
  const { node, pointers: targets } = followRefs(doc, pointerGet(doc, pointer));
  // The pointer it ends at first, then each it passed from the start.
  const passed = [pointer, ...targets];
  const pointers = [passed.pop() as string, ...passed];
  return { schema: (node as JsonObject | undefined) ?? {}, pointers };
}

function wrongType(type: unknown): unknown {
  if (type === 'string') return 12345;
  if (type === 'integer' || type === 'number') return 'not-a-number';
  if (type === 'boolean') return 'yes';
  if (type === 'array') return { not: 'an array' };
  if (type === 'object') return ['not', 'an', 'object'];
  return null;
}

function setAt(root: unknown, path: string[], value: unknown): unknown {
  if (!path.length) return value;
  const [head, ...rest] = path as [string, ...string[]];
  const copy = (Array.isArray(root) ? [...root] : { ...(root as JsonObject) }) as JsonObject;
  copy[head] = setAt(copy[head], rest, value);
  return copy;
}

function removeAt(root: unknown, path: string[]): unknown {
  const parent = path.slice(0, -1);
  const last = path[path.length - 1] as string;
  const container = parent.reduce<unknown>((node, key) => (node as JsonObject)[key], root) as JsonObject;
  const { [last]: _removed, ...rest } = container;
  return setAt(root, parent, rest);
}
