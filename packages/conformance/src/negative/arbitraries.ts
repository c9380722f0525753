import type { JsonObject } from '@tas/openapi';
import fc from 'fast-check';
import type { Site } from './sites.js';

/** Marks a required field to leave out. */
export const ABSENT = Symbol('absent');

const jsonTypeOf = (v: unknown) =>
  v === null ? 'null' : Array.isArray(v) ? 'array' : Number.isInteger(v) ? 'integer' : typeof v;

/** Small JSON values of every type. */
const anyJson = fc.oneof(
  fc.integer({ min: -1000, max: 1000 }),
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -1000, max: 1000 }).filter((n) => !Number.isInteger(n)),
  fc.boolean(),
  fc.constant(null),
  fc.string({ maxLength: 8 }),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ minLength: 1, maxLength: 5 }), fc.integer(), { maxKeys: 2 }),
);

/** Characters of the valid value (so that only the length is wrong), else letters. */
function alphabet(valid: unknown): fc.Arbitrary<string> {
  const chars = typeof valid === 'string' && valid.length ? [...new Set(valid.replace(/\s/g, ''))] : [];
  return chars.length ? fc.constantFrom(...chars) : fc.constantFrom(...'abcdefgh');
}

/**
 * fast-check arbitraries of values that break one constraint of the description at one place.
 * Query and path values are strings, as sent on the wire. The caller keeps only the values the
 * description's own validator rejects, so a value here may also break a neighbouring constraint.
 */
export function invalidValues(site: Site): fc.Arbitrary<unknown> {
  const s = site.schema;
  const wire = site.in !== 'body';
  const n = (key: string) => s[key] as number;
  const text = (arb: fc.Arbitrary<unknown>) => (wire ? arb.map(String) : arb);
  switch (site.kind) {
    case 'type': {
      if (wire) {
        // A path or query value that does not read as the schema's type.
        if (s.type === 'boolean')
          return fc.string({ minLength: 1, maxLength: 8 }).filter((v) => !/^(true|false)$/.test(v));
        return fc.string({ minLength: 1, maxLength: 8 }).filter((v) => !/^-?\d+$/.test(v));
      }
      const types = typeof s.type === 'string' ? [s.type === 'number' ? 'integer' : s.type, s.type] : [];
      return anyJson.filter((v) => !types.includes(jsonTypeOf(v)) && !(s.type === 'number' && typeof v === 'number'));
    }
    case 'required':
      return fc.constant(ABSENT);
    case 'pattern': {
      const re = new RegExp(s.pattern as string, 'u');
      const min = typeof s.minLength === 'number' ? s.minLength : 1;
      const max = typeof s.maxLength === 'number' ? s.maxLength : min + 12;
      return fc
        .string({
          unit: 'grapheme-ascii',
          minLength: Math.max(min, 1),
          maxLength: Math.max(min, Math.min(max, min + 12)),
        })
        .filter((v) => !re.test(v) && v.length >= min && v.length <= max && !/^\.{1,2}$/.test(v));
    }
    case 'minLength':
      return fc.string({ unit: alphabet(site.valid), maxLength: n('minLength') - 1 });
    case 'maxLength':
      return fc.string({ unit: alphabet(site.valid), minLength: n('maxLength') + 1, maxLength: n('maxLength') + 12 });
    case 'minimum':
      return text(fc.integer({ min: n('minimum') - 1000, max: n('minimum') - 1 }));
    case 'maximum': {
      const max = BigInt(n('maximum'));
      return text(fc.bigInt(max + 1n, max + 1_000_000n).map((v) => (wire ? v.toString() : Number(v))));
    }
    case 'enum': {
      const allowed = (s.enum as unknown[]).map(String);
      const values: fc.Arbitrary<unknown> =
        s.type === 'integer' ? fc.integer({ min: -1000, max: 1000 }) : fc.string({ minLength: 1, maxLength: 8 });
      return text(values.filter((v) => !allowed.includes(String(v))));
    }
    case 'format':
      return badFormat(String(s.format));
    case 'additionalProperties': {
      const known = Object.keys((s.properties ?? {}) as JsonObject);
      return fc
        .tuple(
          fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz_'), minLength: 1, maxLength: 12 }),
          anyJson,
        )
        .filter(([name]) => !known.includes(name))
        .map(([name, value]) => ({ ...((site.valid as JsonObject) ?? {}), [name]: value }));
    }
    case 'minItems':
      return fc.integer({ min: 0, max: n('minItems') - 1 }).map((k) => repeatItems(site.valid, k));
    case 'maxItems':
      return fc.integer({ min: n('maxItems') + 1, max: n('maxItems') + 5 }).map((k) => repeatItems(site.valid, k));
  }
}

/** An array of `count` items, copies of the valid array's items in turn. */
function repeatItems(valid: unknown, count: number): unknown[] {
  const items = Array.isArray(valid) && valid.length ? valid : [0];
  return Array.from({ length: count }, (_, i) => items[i % items.length]);
}

function badFormat(format: string): fc.Arbitrary<string> {
  const hex = fc.constantFrom(...'0123456789abcdefghijklmnopqrstuvwxyz-');
  if (format === 'uuid')
    // 36 characters, UUID-like, but not a UUID (a letter past f, or a dash out of place).
    return fc.string({ unit: hex, minLength: 36, maxLength: 36 });
  if (format === 'date')
    return fc
      .oneof(
        fc.tuple(
          fc.integer({ min: 1900, max: 2020 }),
          fc.integer({ min: 13, max: 99 }),
          fc.integer({ min: 1, max: 28 }),
        ),
        fc.tuple(
          fc.integer({ min: 1900, max: 2020 }),
          fc.integer({ min: 1, max: 12 }),
          fc.integer({ min: 32, max: 99 }),
        ),
        fc.tuple(fc.integer({ min: 1900, max: 2020 }), fc.constant(2), fc.integer({ min: 30, max: 31 })),
      )
      .map(([y, m, d]) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`);
  return fc.string({ minLength: 1, maxLength: 12 });
}
