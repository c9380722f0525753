/** The page's own CSS: system fonts only, so that nothing is fetched from elsewhere. */
export const STYLE = `
body { margin: 0; font: 16px/1.55 system-ui, -apple-system, "Segoe UI", sans-serif; color: #1f2d3d; }
.tas-nav { display: flex; gap: 1.2em; align-items: baseline; padding: 0.6em 1.2em; font-size: 14px; background: #1f2d3d; color: #fff; }
.tas-nav a { color: #cfe3ff; }
.tas-nav strong { margin-right: auto; }
main { max-width: 60rem; margin: 0 auto; padding: 1rem 1.5rem 4rem; }
pre { background: #f4f6f8; padding: 0.8em 1em; overflow-x: auto; border-radius: 4px; font-size: 13px; }
code { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; }
table { border-collapse: collapse; width: 100%; font-size: 14px; }
th, td { border: 1px solid #d8dee4; padding: 0.35em 0.6em; text-align: left; vertical-align: top; }
th { background: #f4f6f8; }
.pointer { font-size: 11px; color: #57606a; word-break: break-all; }
.missing { color: #8a4b00; }
h4 { margin-bottom: 0.2em; }
`;
