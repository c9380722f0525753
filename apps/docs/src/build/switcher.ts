/** Where each version of the site lives, relative to the site's root: the latest at `''`, the others under `v/<version>/`. */
export interface SiteVersion {
  version: string;
  /** Folder relative to the root, '' or 'v/2.0.0/'. */
  dir: string;
  latest: boolean;
}

/**
 * The version switcher and the Changes link, put into the top bar of a built page (the guide's and
 * Redoc's both close it with `</nav>`). A plain <select> whose options are relative links to the same
 * page in each version: no script from outside, works from a file:// folder too.
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
  const up = here.dir ? '../../' : '';
  const options = versions
    .map((v) => {
      const label = `${v.version}${v.latest ? ' (latest)' : ''}`;
      const selected = v.version === here.version ? ' selected' : '';
      // A page the other version lacks (the Changes page lives at the root): its start page.
      const target = exists(`${v.dir}${file}`) ? file : 'index.html';
      return `<option value="${up}${v.dir}${target}"${selected}>${label}</option>`;
    })
    .join('');
  const switcher =
    `<a href="${up}changes.html">Changes</a>\n` +
    `<label class="tas-version">Version <select data-version-switcher aria-label="Documentation version" ` +
    `onchange="location.href=this.value" style="font:inherit">${options}</select></label>\n`;
  return `${html.slice(0, end)}${switcher}${html.slice(end)}`;
}
