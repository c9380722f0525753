import { esc } from './html.js';
import { STYLE } from './style.js';

/** An inline icon, so that browsers ask for no /favicon.ico and the site stays one folder. */
export const FAVICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#1f2d3d"/><text x="16" y="22" font-family="sans-serif" font-size="14" font-weight="700" fill="#fff" text-anchor="middle">TAS</text></svg>',
)}`;

export interface SiteLinks {
  /** Whether sandbox-control.html is part of the site. */
  control: boolean;
}

/** The bar on top of every page, the Redoc ones included (`src/builder/reference.hbs` mirrors it). */
export function siteNav(title: string, version: string, { control }: SiteLinks): string {
  const links = [
    ['index.html', 'Getting started'],
    ['assumptions.html', 'Assumptions'],
    ['errors.html', 'Error codes'],
    ['reference.html', 'API reference'],
    ['downloads.html', 'Downloads'],
    ...(control ? [['sandbox-control.html', 'Sandbox control API']] : []),
  ];
  return `<nav class="tas-nav"><strong>${esc(title)} <span data-version>v${esc(version)}</span></strong>
${links.map(([href, text]) => `<a href="${href}">${text}</a>`).join('\n')}
<a href="openapi.yaml" download>openapi.yaml</a>
<a href="openapi.json" download>openapi.json</a></nav>`;
}

/** Pages the bar has no link of their own for, by the link that leads to them. */
export const UNDER: Record<string, string> = {
  'client.html': 'downloads.html',
  'hosting.html': 'downloads.html',
  'proxy.html': 'downloads.html',
  'sandbox.html': 'downloads.html',
};

/** The bar's link to `file` (or to the page it sits under) marked as the current page, for people and screen readers. */
export function markCurrent(html: string, file: string): string {
  const href = UNDER[file] ?? file;
  return html.replace(/<nav class="tas-nav">[\s\S]*?<\/nav>/, (nav) =>
    nav.replace(`<a href="${href}">`, `<a href="${href}" aria-current="page">`),
  );
}

/** "On this page": every h2 and h3 with an id, in order. */
export function tableOfContents(body: string): string {
  const items = [...body.matchAll(/<h([23]) id="([^"]+)"[^>]*>([\s\S]*?)<\/h\1>/g)].map(
    ([, level, id, text]) =>
      `<li class="toc-${level}"><a href="#${id}">${text
        ?.replace(/<small>[\s\S]*?<\/small>/g, '')
        .replace(/<(?!\/?bdi)[^>]+>/g, '')
        .trim()}</a></li>`,
  );
  return `<nav class="toc" id="toc" aria-label="On this page"><p class="toc-title">On this page</p><ol>${items.join('')}</ol></nav>`;
}

/**
 * On a phone the contents stand only above the text (Getting started is some 35,000 px tall there):
 * each section's heading of a page with contents is followed by a link back to them (hidden where the
 * contents stand beside the text).
 */
export function withContentsLinks(body: string): string {
  if (!/<h2 id="/.test(body)) return body;
  return body.replace(
    /(<h2 id="[^"]+"[^>]*>[\s\S]*?<\/h2>)/g,
    '$1\n<p class="to-toc"><a href="#toc">↑ On this page</a></p>',
  );
}

export interface PageInput extends SiteLinks {
  title: string;
  siteTitle: string;
  version: string;
  body: string;
}

/** Every code block gets a copy button above it (the text as written, not as wrapped on screen). */
export const COPY_SCRIPT = `<script>
document.querySelectorAll('main pre:not(.answer)').forEach(function (pre) {
  var button = document.createElement('button');
  button.type = 'button';
  button.className = 'copy';
  button.textContent = 'Copy';
  button.setAttribute('aria-label', 'Copy the code below');
  button.addEventListener('click', function () {
    navigator.clipboard.writeText(pre.textContent || '').then(
      function () { button.textContent = 'Copied'; },
      function () { button.textContent = 'Select and copy'; },
    );
    setTimeout(function () { button.textContent = 'Copy'; }, 2000);
  });
  pre.before(button);
});
</script>`;

/** A page of the site: self-contained, relative links only, a table of contents beside the text. */
export function page({ title, siteTitle, version, body, control }: PageInput): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}: ${esc(siteTitle)} ${esc(version)}</title>
<link rel="icon" href="${FAVICON}">
<style>${STYLE}</style>
</head>
<body>
${siteNav(siteTitle, version, { control })}
<div class="layout">
${tableOfContents(body)}
<main>
${withContentsLinks(body)}
</main>
</div>
${COPY_SCRIPT}
</body>
</html>
`;
}
