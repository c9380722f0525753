import { stateWord } from './release-dates.js';

/** Where each version of the site lives, relative to the site's root: the latest release at `''`, the others under `v/<version>/`, an unreleased one under `preview/`. */
export interface SiteVersion {
  version: string;
  /** Folder relative to the root: '', 'v/2.0.0/' or 'preview/'. */
  dir: string;
  latest: boolean;
  /** The working description, not recorded in releases/ yet. */
  unreleased?: boolean;
}

/**
 * The version switcher and the Changes link, put into the top bar of a built page (the guide's and
 * Redoc's both close it with `</nav>`). A plain <select> whose options are relative links to the same
 * page in each version: no script from outside, works from a file:// folder too. Switching keeps the
 * page's anchor (an operation in the reference: its page maps a link to an operation it lacks to its
 * top). An older version says so under the bar and links the latest's same page.
 */
export function withSwitcher(
  html: string,
  {
    here,
    versions,
    file,
    exists,
  }: { here: SiteVersion; versions: SiteVersion[]; file: string; exists: (path: string) => boolean },
): string {
  const start = html.indexOf('class="tas-nav"');
  const end = start < 0 ? -1 : html.indexOf('</nav>', start);
  if (end < 0) return html;
  const up = '../'.repeat(here.dir.split('/').filter(Boolean).length);
  const options = versions
    .map((v) => {
      const word = stateWord({ latest: v.latest, unreleased: Boolean(v.unreleased) });
      const label = `${v.version}${word ? ` (${word})` : ''}`;
      const selected = v.version === here.version ? ' selected' : '';
      // A page the other version lacks (the Changes page lives at the root): its start page.
      const target = exists(`${v.dir}${file}`) ? file : 'index.html';
      return `<option value="${up}${v.dir}${target}"${selected}>${label}</option>`;
    })
    .join('');
  const switcher =
    `<a href="${up}changes.html">Changes</a>\n` +
    `<label class="tas-version">Version <select data-version-switcher aria-label="Documentation version" ` +
    `style="font:inherit">${options}</select></label>\n` +
    // A listener, not an onchange attribute: the page's policy runs no inline handler.
    `<script>document.querySelector("[data-version-switcher]").addEventListener("change",function(e){location.href=e.target.value+location.hash})</script>\n`;
  const close = end + '</nav>'.length;
  const page = `${html.slice(0, end)}${switcher}</nav>${olderNote(here, versions, file, exists, up)}${html.slice(close)}`;
  return page.replaceAll('data-site-changes href="changes.html"', `data-site-changes href="${up}changes.html"`);
}

/**
 * Under the bar of every page but the current release's: "You are reading 2.0.0; the latest is 2.0.2", or, on
 * the working version before it is released, "You are reading 2.1.0, a preview: …", linking the release's same page.
 */
function olderNote(
  here: SiteVersion,
  versions: SiteVersion[],
  file: string,
  exists: (path: string) => boolean,
  up: string,
): string {
  const latest = versions.find((v) => !v.unreleased);
  if (!latest || latest.version === here.version) return '';
  const target = exists(`${latest.dir}${file}`) ? file : 'index.html';
  const reading = here.unreleased
    ? `You are reading ${here.version}, a preview: not released yet. The current release is `
    : `You are reading ${here.version}; the latest is `;
  return (
    `\n<p class="tas-older" role="note" data-older-version style="margin:0;padding:0.5em 1.2em;background:#fff4d6;` +
    `color:#1f2d3d;font:14px/1.4 system-ui,sans-serif;border-bottom:1px solid #e8d49a">` +
    `${reading}<a href="${up}${latest.dir}${target}" ` +
    `>${latest.version}</a>.</p>` +
    // A listener, not an onclick attribute (the page's policy runs no inline handler): the link keeps the anchor.
    `<script>document.querySelector("[data-older-version] a").addEventListener("click",function(){this.href=this.href.split("#")[0]+location.hash})</script>`
  );
}
