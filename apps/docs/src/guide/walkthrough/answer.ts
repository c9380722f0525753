/**
 * Compares what a step prints with the answer the page shows for it. The page shows the shape and
 * the values a partner gets; a value that differs on each run is shown as the shell variable that
 * holds it (`"$RECORD"`) or as a placeholder in angle brackets (`"<date-time>"`).
 */

/** The JSON values of a text, as `jq` prints them one after another. */
export function parseJsonStream(text: string): unknown[] {
  const values: unknown[] = [];
  let depth = 0;
  let start = -1;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') depth--;
    if (start < 0 && !/\s/.test(c)) start = i;
    const next = text[i + 1];
    const atEnd = next === undefined || (!inString && depth === 0 && /\s/.test(next));
    if (start >= 0 && depth === 0 && !inString && atEnd) {
      values.push(JSON.parse(text.slice(start, i + 1)));
      start = -1;
    }
  }
  if (start >= 0 || depth !== 0) throw new Error(`not a sequence of JSON values: ${text.slice(0, 200)}`);
  return values;
}

const PLACEHOLDERS: Record<string, (v: unknown) => boolean> = {
  uuid: (v) => typeof v === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(v),
  'date-time': (v) => typeof v === 'string' && !Number.isNaN(Date.parse(v)) && /^\d{4}-\d\d-\d\dT/.test(v),
  integer: (v) => Number.isInteger(v),
};

/** The differences between a shown answer and an actual one; empty when they agree. */
export function differences(shown: unknown, actual: unknown, vars: Record<string, string>, at = ''): string[] {
  const where = at || '(top)';
  if (typeof shown === 'string') {
    const variable = /^\$([A-Z_]+)$/.exec(shown)?.[1];
    if (variable) {
      const value = vars[variable];
      if (value === undefined || value === '') return [`${where}: the shell variable ${variable} is not set`];
      return actual === value ? [] : [`${where}: want $${variable} (${value}), got ${JSON.stringify(actual)}`];
    }
    const placeholder = /^<(.+)>$/.exec(shown)?.[1];
    if (placeholder) {
      const fits = PLACEHOLDERS[placeholder] ?? ((v: unknown) => typeof v === 'string' && v !== '');
      return fits(actual) ? [] : [`${where}: want ${shown}, got ${JSON.stringify(actual)}`];
    }
  }
  if (Array.isArray(shown)) {
    if (!Array.isArray(actual)) return [`${where}: want an array, got ${JSON.stringify(actual)}`];
    if (shown.length !== actual.length) return [`${where}: want ${shown.length} items, got ${actual.length}`];
    return shown.flatMap((s, i) => differences(s, actual[i], vars, `${at}[${i}]`));
  }
  if (shown !== null && typeof shown === 'object') {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual))
      return [`${where}: want an object, got ${JSON.stringify(actual)}`];
    const s = shown as Record<string, unknown>;
    const a = actual as Record<string, unknown>;
    const keys = [...new Set([...Object.keys(s), ...Object.keys(a)])];
    return keys.flatMap((k) => {
      if (!(k in a)) return [`${at}.${k}: shown, but not in the answer`];
      if (!(k in s)) return [`${at}.${k}: in the answer, but not shown`];
      return differences(s[k], a[k], vars, `${at}.${k}`);
    });
  }
  return Object.is(shown, actual) ? [] : [`${where}: want ${JSON.stringify(shown)}, got ${JSON.stringify(actual)}`];
}

/** Shell variables a shown answer refers to. */
export function variablesOf(answer: string): string[] {
  return [...new Set([...answer.matchAll(/"\$([A-Z_]+)"/g)].map((m) => m[1] as string))];
}
