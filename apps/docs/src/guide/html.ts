/** Escapes text for HTML element content and attribute values. */
export function esc(text: unknown): string {
  return String(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export function code(text: string, language = ''): string {
  return `<pre><code${language ? ` class="language-${esc(language)}"` : ''}>${esc(text)}</code></pre>`;
}

export function table(head: string[], rows: string[][]): string {
  const th = head.map((h) => `<th>${esc(h)}</th>`).join('');
  const trs = rows.map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`).join('\n');
  return `<table><thead><tr>${th}</tr></thead><tbody>\n${trs}\n</tbody></table>`;
}

/** The small slice of Markdown the description's texts use: `code` spans only. */
export function inline(text: string): string {
  return esc(text).replace(/`([^`]+)`/g, '<code>$1</code>');
}
