import type { JsonObject, OpenApiDocument } from './description.js';
import { pointerGet } from './pointer.js';

/**
 * Input as people type it: what a server does to a request string before validating it, where the
 * meaning is the same. The description names the steps a schema or parameter takes in its
 * `x-normalise` map (step → why, marked assumed); this is what each step does.
 */
const STEPS: Record<string, (s: string) => string> = {
  // Left-to-right and right-to-left marks, embeddings and isolates: invisible, carry no letter.
  'bidi-marks': (s) => s.replace(/[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g, ''),
  nfc: (s) => s.normalize('NFC'),
  // Harakat (fatha, kasra, damma, tanwin, shadda, sukun, superscript alef) and the tatweel.
  harakat: (s) => s.replace(/\u06CC\u0654/g, '\u0626').replace(/[\u0640\u064B-\u065F\u0670]/g, ''),
  'arabic-letters': (s) => s.replace(/[\u064A\u0649]/g, '\u06CC').replace(/\u0643/g, '\u06A9'),
  // A zero-width non-joiner beside a space or at an end joins nothing; two in a row are one.
  zwnj: (s) =>
    s
      .replace(/\u200C{2,}/g, '\u200C')
      .replace(/\u200C*( )\u200C*/g, '$1')
      .replace(/^\u200C+|\u200C+$/g, ''),
  trim: (s) => s.trim(),
  spaces: (s) => s.replace(/\s+/g, ' '),
  digits: (s) => s.replace(/[\u06F0-\u06F9\u0660-\u0669]/g, (d) => String((d.codePointAt(0) as number) & 0xf)),
  lowercase: (s) => s.toLowerCase(),
};

/** The order the steps run in, whatever order a description lists them in. */
export const NORMALISE_STEPS = [
  'bidi-marks',
  'nfc',
  'harakat',
  'arabic-letters',
  'trim',
  'spaces',
  'zwnj',
  'digits',
  'lowercase',
] as const;

/** The steps a schema or parameter names in `x-normalise`; an unknown step is a fault of the description. */
export function stepsOf(node: JsonObject | undefined, where: string): string[] {
  const named = node?.['x-normalise'];
  if (named === undefined) return [];
  if (!named || typeof named !== 'object' || Array.isArray(named))
    throw new Error(`${where}: x-normalise must map each step to why it is taken`);
  for (const step of Object.keys(named))
    if (!(step in STEPS))
      throw new Error(`${where}: unknown x-normalise step ${step} (known: ${NORMALISE_STEPS.join(', ')})`);
  return NORMALISE_STEPS.filter((s) => s in (named as JsonObject));
}

/** A string after the steps (in NORMALISE_STEPS order). */
export function normaliseString(value: string, steps: string[]): string {
  let out = value;
  for (const step of NORMALISE_STEPS) if (steps.includes(step)) out = (STEPS[step] as (s: string) => string)(out);
  return out;
}

type Normaliser = (value: unknown) => unknown;
const same: Normaliser = (v) => v;

/**
 * The normaliser of the schema at a pointer: a copy of a value with every string the schema (through
 * `$ref`, properties, items and `allOf`/`oneOf`/`anyOf`) marks with `x-normalise` normalised. The
 * identity where nothing is marked, so most requests cost nothing.
 */
export function createNormaliser(doc: OpenApiDocument) {
  const made = new Map<object, Normaliser>();

  function of(node: unknown, where: string): Normaliser {
    if (!node || typeof node !== 'object') return same;
    const cached = made.get(node);
    if (cached) return cached;
    // A placeholder first: a schema that refers to itself ends its own walk.
    made.set(node, same);
    const schema = node as JsonObject;
    const parts: Normaliser[] = [];
    if (typeof schema.$ref === 'string') {
      const target = schema.$ref.replace(/^#/, '');
      parts.push(of(pointerGet(doc, target), target));
    }
    const steps = stepsOf(schema, where);
    if (steps.length) parts.push((v) => (typeof v === 'string' ? normaliseString(v, steps) : v));
    for (const key of ['allOf', 'oneOf', 'anyOf'])
      for (const [i, branch] of ((schema[key] as unknown[]) ?? []).entries())
        parts.push(of(branch, `${where}/${key}/${i}`));
    const properties = Object.entries((schema.properties as JsonObject | undefined) ?? {})
      .map(([name, sub]) => [name, of(sub, `${where}/properties/${name}`)] as const)
      .filter(([, n]) => n !== same);
    if (properties.length)
      parts.push((v) => {
        if (!v || typeof v !== 'object' || Array.isArray(v)) return v;
        const copy = { ...(v as JsonObject) };
        for (const [name, n] of properties) if (name in copy) copy[name] = n(copy[name]) as JsonObject[string];
        return copy;
      });
    const items = of(schema.items, `${where}/items`);
    if (items !== same) parts.push((v) => (Array.isArray(v) ? v.map(items) : v));
    const live = parts.filter((p) => p !== same);
    const normaliser: Normaliser =
      live.length === 0
        ? same
        : live.length === 1
          ? (live[0] as Normaliser)
          : (v) => live.reduce((acc, n) => n(acc), v);
    made.set(node, normaliser);
    return normaliser;
  }

  return {
    /** Normalises a value against the schema at a JSON pointer of the description. */
    at: (pointer: string, value: unknown) => of(pointerGet(doc, pointer), pointer)(value),
  };
}
