import type { JsonObject } from '@tas/openapi';

const BOOLEAN_WORDS = new Set(['true', 'false', '0', '1', 'yes', 'no', 'on', 'off', 't', 'f', 'y', 'n']);

/**
 * A value of another JSON type that common frameworks read as the schema's own (a numeric string
 * for an integer, 0 or "true" for a boolean, a number for a string its pattern still fits): the
 * interface states the type, not that such a reading is refused, so its acceptance is no stated failure.
 */
export function readsAs(value: unknown, schema: JsonObject): boolean {
  const type = schema.type;
  if (typeof value === 'object' || value === undefined) return false;
  if ((type === 'integer' || type === 'number') && typeof value === 'string')
    return /^\s*-?\d+(\.0*)?\s*$/.test(value) || (type === 'number' && /^\s*-?\d*\.\d+\s*$/.test(value));
  if (type === 'boolean') return BOOLEAN_WORDS.has(String(value).toLowerCase());
  if (type === 'string' && typeof value === 'number') {
    if (schema.format) return false;
    const text = String(value);
    if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(text)) return false;
    if (typeof schema.maxLength === 'number' && text.length > schema.maxLength) return false;
    return !(typeof schema.minLength === 'number' && text.length < schema.minLength);
  }
  return false;
}
