import { PLACEHOLDERS, type Placeholder, type Template, type TemplatedOperation } from './types.js';

// A request body the suite builds in the description's shape, sent in the shape the profile's
// template gives: its values taken out, the template filled with them.

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const ONE = /^\{(\w+)\}$/;
const ANY = /\{(\w+)\}/g;

export type Values = Partial<Record<Placeholder, unknown>>;
const ABSENT = Symbol('absent');

/**
 * The template filled with `values`: a string that is exactly one placeholder keeps the value's JSON
 * type, one with text around it is a string; a key whose placeholder has no value is left out.
 */
export function fill(template: Template, values: Values): unknown {
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') {
      const one = ONE.exec(node);
      if (one)
        return (one[1] as string) in values && values[one[1] as Placeholder] !== undefined
          ? values[one[1] as Placeholder]
          : ABSENT;
      let absent = false;
      const text = node.replace(ANY, (_, name: string) => {
        const v = values[name as Placeholder];
        if (v === undefined) absent = true;
        return String(v);
      });
      return absent ? ABSENT : text;
    }
    if (Array.isArray(node)) return node.map(walk).filter((v) => v !== ABSENT);
    if (isObject(node)) {
      const out: Json = {};
      for (const [k, v] of Object.entries(node)) {
        const filled = walk(v);
        if (filled !== ABSENT) out[k] = filled;
      }
      return out;
    }
    return node;
  };
  const out = walk(template);
  return out === ABSENT ? undefined : out;
}

/** The placeholders a template names, each with the JSON pointer it sits at. */
export function placeholdersOf(template: Template, at = ''): { name: string; pointer: string }[] {
  if (typeof template === 'string')
    return [...template.matchAll(ANY)].map((m) => ({ name: m[1] as string, pointer: at }));
  if (Array.isArray(template)) return template.flatMap((v, i) => placeholdersOf(v, `${at}/${i}`));
  if (isObject(template)) return Object.entries(template).flatMap(([k, v]) => placeholdersOf(v, `${at}/${k}`));
  return [];
}

export const isPlaceholder = (name: string): name is Placeholder => (PLACEHOLDERS as readonly string[]).includes(name);

/** The keys of the description's shape of each body (the profile's inner keys under `profile`). */
const CANONICAL: Record<TemplatedOperation, { top: Placeholder[]; profile?: Placeholder[] }> = {
  authenticateRecord: { top: ['mobile'], profile: ['name', 'birth', 'is_male', 'external_id'] },
  verifyRecordAuth: { top: ['code'] },
  verifyRoadmapAuth: { top: ['draft_token', 'code'] },
};

/**
 * A body in the description's shape, reshaped by `template`. A value the template does not place
 * (an unknown field sent on purpose) goes along: at the top, or beside the profile's fields.
 */
export function reshape(operationId: TemplatedOperation, body: unknown, template: Template): unknown {
  if (!isObject(body)) return body;
  const shape = CANONICAL[operationId];
  const values: Values = {};
  const extra: Json = {};
  let inner: Json = {};
  for (const [k, v] of Object.entries(body)) {
    if ((shape.top as string[]).includes(k)) values[k as Placeholder] = v;
    else if (k === 'profile' && shape.profile && isObject(v)) inner = v;
    else extra[k] = v;
  }
  for (const [k, v] of Object.entries(inner))
    if ((shape.profile as string[]).includes(k)) values[k as Placeholder] = v;
    else extra[k] = v;
  const filled = fill(template, values);
  if (!isObject(filled)) return filled;
  // Unplaced values beside the object that holds {name} (the profile's), else at the top.
  const host = hostOf(filled, template, '{name}') ?? filled;
  for (const [k, v] of Object.entries(extra)) if (!(k in host)) host[k] = v;
  return filled;
}

function hostOf(filled: Json, template: Template, placeholder: string): Json | undefined {
  if (!isObject(template)) return undefined;
  if (Object.values(template).includes(placeholder)) return filled;
  for (const [k, v] of Object.entries(template)) {
    const sub = filled[k];
    if (isObject(v) && isObject(sub)) {
      const found = hostOf(sub, v, placeholder);
      if (found) return found;
    }
  }
  return undefined;
}
