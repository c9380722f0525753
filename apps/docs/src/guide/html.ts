import { jsonHtml } from '../json/runs.js';

/** Escapes text for HTML element content and attribute values. */
export function esc(text: unknown): string {
  return String(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

// A run of Persian: Arabic-script letters, with the spaces, zero-width non-joiners and punctuation between them.
export const PERSIAN = /[\u0600-\u06FF](?:[\u0600-\u06FF\u200C\u200F ،؛]*[\u0600-\u06FF.؟!])?/g;

/**
 * Isolates each run of Persian in already escaped HTML: inside a `<bdi>` it reads right to left and
 * leaves the left-to-right text around it (JSON quotes, commas, a curl line) where it was.
 */
export function isolatePersian(html: string): string {
  return html.replace(PERSIAN, (run) => `<bdi lang="fa">${run}</bdi>`);
}

/**
 * A code block: each line its own block (`.line`), so that a line too long for the screen wraps with
 * its rest indented under it and does not read as a line of its own. The text is unchanged.
 */
export function code(text: string, language = ''): string {
  const cls = language ? ` class="language-${esc(language)}"` : '';
  // JSON: each string that holds Persian one run (src/json/runs.ts); elsewhere each Persian run.
  const lines = (language === 'json' ? jsonHtml(text, esc) : isolatePersian(esc(text))).split('\n');
  const html = lines.map((l, i) => `<span class="line">${l}${i < lines.length - 1 ? '\n' : ''}</span>`).join('');
  return `<pre><code${cls}>${html}</code></pre>`;
}

/** A table; on a narrow screen each row is a card, each cell under its column's name (`data-label`). */
export function table(head: string[], rows: string[][], className = ''): string {
  const th = head.map((h) => `<th>${esc(h)}</th>`).join('');
  const trs = rows
    .map((r) => `<tr>${r.map((c, i) => `<td data-label="${esc(head[i] ?? '')}">${c}</td>`).join('')}</tr>`)
    .join('\n');
  return `<div class="table-wrap"><table${className ? ` class="${esc(className)}"` : ''}><thead><tr>${th}</tr></thead><tbody>\n${trs}\n</tbody></table></div>`;
}

/** The small slice of Markdown the description's texts use: `code` spans. Persian runs are isolated. */
export function inline(text: string): string {
  return isolatePersian(esc(text)).replace(/`([^`]+)`/g, (_, code: string) => `<code>${breakable(code)}</code>`);
}

/** A path or URL in code may break after a slash on a narrow screen, never inside a word. */
export const breakable = (escaped: string) => escaped.replace(/\/(?!\/)/g, '/<wbr>');

/** A short text as a sentence: first letter up. */
export const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
