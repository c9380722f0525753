import type { Language } from './languages.js';

/** The variables that hold numbers (external_id); the others are strings. */
export const NUMBERS = new Set(['EXTERNAL_ID', 'EXTERNAL_ID_2']);
/** The variables that hold JSON text (the answers): spliced into a JSON text unquoted, as numbers are. */
export const JSON_TEXT = new Set(['ANSWERS']);

const PLACE = /__([A-Z][A-Z0-9_]*?)__/;

/**
 * The library's code with each `__NAME__` made the language's variable NAME: inside a JSON text held
 * in a string (`\"__CODE__\"`), as a whole literal (`"__CODE__"`), or inside a literal (a URL).
 */
export function bindVariables(written: string, lang: Language): string {
  const code = lang.repair ? lang.repair(written) : written;
  const join = (q: string, value: string) => `${q}${lang.concat}${value}${lang.concat}${q}`;
  const text = (name: string) => (NUMBERS.has(name) && lang.numberText ? lang.numberText(name) : lang.ref(name));
  return code
    .split('\n')
    .map((line) => {
      let out = line
        .replace(/\\"__([A-Z][A-Z0-9_]*?)__\\"/g, (_, n: string) =>
          NUMBERS.has(n) || JSON_TEXT.has(n) ? join('"', text(n)) : `\\"${join('"', text(n))}\\"`,
        )
        .replace(/(["'])__([A-Z][A-Z0-9_]*?)__\1/g, (_, _q, n: string) => lang.ref(n));
      for (let m = PLACE.exec(out); m; m = PLACE.exec(out)) {
        const before = out.slice(0, m.index);
        const q = before.lastIndexOf('"') > before.lastIndexOf("'") ? '"' : "'";
        out = `${before}${join(q, text(m[1] as string))}${out.slice(m.index + m[0].length)}`;
      }
      // Empty strings the splice left at either end of a join (not an escaped quote's `\"` before one).
      const op = lang.concat.replace(/[.+]/g, '\\$&');
      out = out.replace(new RegExp(`(?<!\\\\)(["'])\\1${op}`, 'g'), '').replace(new RegExp(`${op}(["'])\\1`, 'g'), '');
      return out;
    })
    .join('\n');
}
