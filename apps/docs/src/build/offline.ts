/**
 * Redoc 3 shows its "API docs by Redocly" attribution as an image from cdn.redoc.ly, even with
 * --inlineBundle. The site must work with no network, so the image becomes an inline SVG that still
 * says Redocly; the attribution link itself stays.
 */
const LOGOS = ['https://cdn.redoc.ly/redoc/logo-mini-full.svg', 'https://cdn.redoc.ly/redoc/logo-mini.svg'];

const svg = (text: string, width: number) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="16"><text x="0" y="12" font-family="sans-serif" font-size="12" fill="#555">${text}</text></svg>`,
  )}`;

export function localizeAssets(html: string): string {
  const [full = '', mini = ''] = LOGOS;
  if (!html.includes(full)) throw new Error(`Redoc no longer loads ${full}: review src/build/offline.ts`);
  return html.replaceAll(full, svg('Redocly', 56)).replaceAll(mini, svg('R', 10));
}
