/**
 * The pages' own CSS: system fonts only, so that nothing is fetched from elsewhere. Narrow first:
 * nothing is wider than the screen at 390 px; from 1100 px the table of contents stands beside the text.
 */
export const STYLE = `
*, *::before, *::after { box-sizing: border-box; }
body { margin: 0; font: 16px/1.55 system-ui, -apple-system, "Segoe UI", sans-serif; color: #1f2d3d; overflow-wrap: break-word; }
.tas-nav { display: flex; flex-wrap: wrap; gap: 0.3em 1.2em; align-items: baseline; padding: 0.6em 1.2em; font-size: 14px; background: #1f2d3d; color: #fff; }
.tas-nav a { color: #cfe3ff; }
.tas-nav a[aria-current="page"] { color: #fff; font-weight: 600; text-decoration: none; border-bottom: 2px solid #fff; }
.tas-nav strong { margin-right: auto; }
.layout { max-width: 80rem; margin: 0 auto; padding: 0 1rem; }
main { min-width: 0; max-width: 56rem; padding: 0.5rem 0 4rem; }
.toc { font-size: 14px; border-bottom: 1px solid #d8dee4; padding: 0.5rem 0; }
.toc-title { font-weight: 600; margin: 0.3em 0; }
.toc ol { list-style: none; margin: 0; padding: 0; columns: 2 12rem; }
.toc li { margin: 0.15em 0; break-inside: avoid; }
.toc .toc-3 { padding-left: 1em; }
.toc a { color: #0b5cad; text-decoration: none; }
.toc a:hover { text-decoration: underline; }
.to-toc { margin: -0.5em 0 0.8em; font-size: 13px; text-align: right; }
.to-toc a { color: #0b5cad; display: inline-block; padding: 0.3em 0; }
@media (min-width: 1100px) {
  /* The text keeps a reading width; a wide table takes the room the window has beside it. */
  .layout { display: grid; grid-template-columns: 15rem minmax(0, 1fr); gap: 2.5rem; max-width: 100rem; }
  main { max-width: none; }
  main > :not(.table-wrap) { max-width: 56rem; }
  .toc { position: sticky; top: 0; align-self: start; max-height: 100vh; overflow-y: auto; border: 0; padding-top: 1.5rem; }
  .toc ol { columns: auto; }
  .to-toc { display: none; }
}
/* Headings break between words only (a phone broke "Administration" inside it). */
h1, h2, h3, h4 { line-height: 1.25; overflow-wrap: normal; }
h2 small { display: block; font-size: 14px; font-weight: 400; color: #57606a; margin-top: 0.3em; }
h2 { margin-top: 2.2em; border-bottom: 1px solid #d8dee4; padding-bottom: 0.2em; }
h3 { margin-top: 2em; }
h4 { margin: 1.6em 0 0.3em; }
pre { background: #f4f6f8; padding: 0.8em 1em; border-radius: 4px; font-size: 13px; line-height: 1.45; white-space: pre-wrap; overflow-wrap: break-word; max-width: 100%; }
/* A line too long for the screen wraps with its rest indented under it: one line, not two. */
pre .line { display: block; padding-left: 2ch; text-indent: -2ch; }
/* The copy button sits above its code block (added by the page's script), covering none of it. */
button.copy { display: block; margin: 0.8em 0 -0.6em auto; font: 12px system-ui, sans-serif; padding: 0.2em 0.8em; border: 1px solid #c3ccd5; border-radius: 3px; background: #fff; color: #1f2d3d; cursor: pointer; }
button.copy + pre { margin-top: 0.8em; }
pre.answer { background: #f7faf7; border-left: 3px solid #9cc59c; }
code { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; font-size: 0.92em; }
p code, li code, td code { background: #f4f6f8; padding: 0.05em 0.3em; border-radius: 3px; }
pre code { background: none; padding: 0; font-size: inherit; }
bdi[lang="fa"] { unicode-bidi: isolate; }
/* A table wider than the screen scrolls inside its box and shows it: a shadow on each side that has more
   (the white shades scroll with the table and hide the shadows at its ends). */
.table-wrap { overflow-x: auto; max-width: 100%;
  background: linear-gradient(to right, #fff 30%, rgba(255,255,255,0)) left / 40px 100% no-repeat local,
    linear-gradient(to left, #fff 30%, rgba(255,255,255,0)) right / 40px 100% no-repeat local,
    radial-gradient(farthest-side at 0 50%, rgba(0,0,0,0.25), rgba(0,0,0,0)) left / 14px 100% no-repeat scroll,
    radial-gradient(farthest-side at 100% 50%, rgba(0,0,0,0.25), rgba(0,0,0,0)) right / 14px 100% no-repeat scroll; }
.table-wrap td { background: transparent; }
table { border-collapse: collapse; width: 100%; font-size: 14px; }
th, td { border: 1px solid #d8dee4; padding: 0.4em 0.6em; text-align: left; vertical-align: top; }
th { background: #f4f6f8; }
td code { white-space: nowrap; }
/* A command or an address may wrap: a hosted address longer than a phone's card breaks rather than leaving it. */
td code.command, td code.url, table.generators td code { white-space: normal; }
/* On a narrow screen a table's rows are cards: each cell under its column's name, no column out of view. */
@media (max-width: 760px) {
  .table-wrap table, .table-wrap tbody, .table-wrap tr, .table-wrap td { display: block; width: 100%; }
  .table-wrap thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
  .table-wrap tr { border: 1px solid #d8dee4; border-radius: 4px; margin: 0 0 0.8em; padding: 0.3em 0; }
  .table-wrap td { border: 0; padding: 0.25em 0.7em; }
  .table-wrap td[data-label]::before { content: attr(data-label); display: block; font-size: 12px; font-weight: 600; color: #57606a; }
  /* A link to a cell's anchor (errors.html#mobile_limit) shows its card from the top, its column's name in view. */
  .table-wrap td [id] { scroll-margin-top: 2.8em; }
}
td pre code { white-space: pre-wrap; }
.where, .pointer { display: block; font-size: 12px; color: #57606a; margin-top: 0.2em; }
.pointer { word-break: break-all; }
.missing { color: #8a4b00; }
.steps { padding-left: 1.4em; }
.steps > li { margin-bottom: 1.5em; }
.label { font-size: 13px; color: #57606a; margin: 0.4em 0 -0.4em; }
.mock, .note { font-size: 14px; color: #3d4b59; }
.assumptions dt { font-weight: 600; margin-top: 1.2em; }
.assumptions dd { margin: 0.3em 0 0; }
.assumptions ul { padding-left: 1.2em; }
.assumptions li { margin: 0.6em 0; }
`;
