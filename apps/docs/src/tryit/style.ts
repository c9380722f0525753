/**
 * The panel's look: one column on a phone, nothing wider than the screen, text never under a button.
 * JSON is laid out left to right line by line (a line that starts with a Persian string keeps its
 * indent and comma); each Persian run still reads right to left within it.
 */
export const STYLE = `
.tas-tryit { box-sizing: border-box; width: min(100vw, 46rem); max-width: 100vw; max-height: 100dvh; height: 100dvh; margin: 0 0 0 auto; padding: 0; border: 0; border-left: 1px solid #c9d2dd; font: 15px/1.5 system-ui, sans-serif; color: #1f2d3d; background: #fff; overflow: auto; overscroll-behavior: contain; }
.tas-tryit::backdrop { background: rgba(20, 30, 45, 0.45); }
.tas-tryit *, .tas-tryit *::before, .tas-tryit *::after { box-sizing: border-box; }
.tas-tryit [hidden] { display: none !important; }
.tas-tryit header { position: sticky; top: 0; z-index: 1; display: flex; gap: 0.5em; align-items: flex-start; justify-content: space-between; padding: 0.6em 1em; background: #1f2d3d; color: #fff; }
.tas-tryit header h2 { border: 0; padding: 0; margin: 0; font-size: 1.1em; line-height: 1.35; overflow-wrap: anywhere; }
.tas-tryit .tas-close { flex: none; min-width: 44px; min-height: 44px; font-size: 1.5em; line-height: 1; background: transparent; color: #fff; border: 1px solid #8aa0b8; border-radius: 6px; cursor: pointer; }
.tas-tryit .tas-body { padding: 0.8em 1em 2em; display: grid; gap: 0.8em; min-width: 0; }
.tas-tryit .tas-body > *, .tas-tryit form, .tas-tryit .tas-step { min-width: 0; }
.tas-tryit .tas-form, .tas-tryit .tas-target, .tas-tryit .tas-editor { display: grid; gap: 0.6em; }
.tas-tryit .tas-field { display: grid; gap: 0.2em; min-width: 0; }
.tas-tryit label, .tas-tryit legend { font-weight: 600; }
.tas-tryit .tas-hint, .tas-tryit small { color: #4a5a6c; font-size: 0.9em; overflow-wrap: anywhere; }
.tas-tryit input, .tas-tryit select, .tas-tryit textarea { width: 100%; max-width: 100%; min-height: 44px; font: 15px/1.4 ui-monospace, SFMono-Regular, Menlo, monospace; padding: 0.4em 0.5em; border: 1px solid #8a99ab; border-radius: 6px; background: #fff; color: inherit; }
.tas-tryit select { font-family: system-ui, sans-serif; }
.tas-tryit textarea { field-sizing: content; min-height: 3.2em; max-height: 24em; resize: vertical; white-space: pre-wrap; overflow-wrap: anywhere; }
.tas-tryit button { min-height: 44px; padding: 0.4em 1em; font: 600 15px/1.2 system-ui, sans-serif; border-radius: 6px; border: 1px solid #2f6fbf; background: #fff; color: #1d4f8f; cursor: pointer; }
.tas-tryit button.tas-send { background: #2f6fbf; color: #fff; }
.tas-tryit button:disabled { opacity: 0.5; cursor: default; }
.tas-tryit :focus-visible { outline: 3px solid #f0a020; outline-offset: 2px; }
.tas-tryit .tas-actions { display: flex; flex-wrap: wrap; gap: 0.5em; }
.tas-tryit .tas-op-line { margin: 0; overflow-wrap: anywhere; }
.tas-tryit .tas-m { font: bold 12px/1 system-ui, sans-serif; padding: 0.25em 0.5em; border-radius: 3px; background: #2f6fbf; color: #fff; }
.tas-tryit .tas-m-post { background: #1d7f4c; } .tas-tryit .tas-m-put { background: #8a5a00; }
.tas-tryit pre { margin: 0; padding: 0.6em; background: #f3f5f8; border-radius: 6px; white-space: pre-wrap; overflow-wrap: anywhere; max-width: 100%; font: 13px/1.45 ui-monospace, SFMono-Regular, Menlo, monospace; }
.tas-tryit .tas-result, .tas-tryit .tas-step { scroll-margin-top: 6.5em; }
.tas-tryit .tas-answer { display: grid; gap: 0.4em; min-width: 0; }
.tas-tryit .tas-status { margin: 0; padding: 0.35em 0.6em; border-radius: 6px; font-size: 1.1em; border-left: 6px solid; }
.tas-tryit .tas-status-ok { background: #e3f4ea; color: #145c33; border-color: #1d7f4c; }
.tas-tryit .tas-status-refused { background: #fff1e0; color: #7a3b00; border-color: #c0620a; }
.tas-tryit .tas-status-failed { background: #fdecea; color: #8c1d18; border-color: #b3261e; }
.tas-tryit .tas-refusal { margin: 0; padding-left: 1.2em; }
.tas-tryit .tas-refusal a { font: 600 14px/1.4 ui-monospace, SFMono-Regular, Menlo, monospace; }
.tas-tryit .tas-ok-quiet { background: #f3f5f8; color: #3d4b5c; font-size: 0.9em; }
.tas-tryit .tas-label { margin: 0; font-weight: 600; font-size: 0.9em; }
.tas-tryit .tas-env { border: 1px solid #b8c4d2; border-radius: 8px; padding: 0.4em 0.7em 0.7em; background: #f7f9fc; }
.tas-tryit .tas-env > legend { padding: 0 0.3em; }
.tas-tryit .tas-env-more[open] > summary { margin-bottom: 0.4em; }
.tas-tryit .tas-env-row { display: grid; gap: 0.4em; padding: 0.5em 0; border-top: 1px solid #e1e6ed; }
.tas-tryit .tas-env-row.tas-used label { color: #1d4f8f; }
.tas-tryit .tas-helper-row { display: grid; gap: 0.4em; padding-left: 0.6em; border-left: 3px solid #c9d7ea; }
.tas-tryit button.tas-helper, .tas-tryit summary.tas-helper { background: #eef4fc; border: 1px solid #2f6fbf; color: #1d4f8f; border-radius: 6px; padding: 0.4em 1em; font: 600 15px/1.2 system-ui, sans-serif; }
.tas-tryit summary.tas-helper { display: flex; align-items: center; min-height: 44px; cursor: pointer; }
.tas-tryit .tas-helper-said { margin: 0; padding: 0.3em 0.5em; background: #eef3fb; border-radius: 6px; overflow-wrap: anywhere; }
.tas-tryit .tas-helper-said:not([data-status^="2"]) { background: #fff1e0; color: #7a3b00; }
.tas-tryit .tas-choices label { display: flex; gap: 0.5em; align-items: center; font-weight: 400; min-height: 44px; }
.tas-tryit .tas-choices input { width: auto; min-height: 0; flex: none; }
.tas-tryit .tas-form-frame iframe { width: 100%; height: 70dvh; border: 1px solid #8a99ab; border-radius: 6px; background: #fff; }
.tas-tryit .tas-verdict { margin: 0; padding: 0.4em 0.6em; border-radius: 6px; overflow-wrap: anywhere; }
.tas-tryit .tas-ok { background: #e3f4ea; color: #145c33; font-weight: 600; }
.tas-tryit .tas-bad { background: #fdecea; color: #8c1d18; }
.tas-tryit .tas-bad p { margin: 0 0 0.3em; font-weight: 600; }
.tas-tryit .tas-bad ul { margin: 0; padding-left: 1.2em; }
.tas-tryit dl { display: grid; grid-template-columns: minmax(0, max-content) minmax(0, 1fr); gap: 0.1em 0.8em; margin: 0.3em 0; font-size: 0.9em; }
.tas-tryit dt { font-weight: 600; overflow-wrap: anywhere; } .tas-tryit dd { margin: 0; overflow-wrap: anywhere; }
.tas-tryit .tas-problem { margin: 0; padding: 0.4em 0.6em; background: #fff4e0; color: #6b4200; border-radius: 6px; overflow-wrap: anywhere; }
.tas-tryit fieldset { border: 1px solid #d8dee6; border-radius: 6px; padding: 0.5em 0.7em 0.7em; margin: 0; display: grid; gap: 0.5em; min-width: 0; }
.tas-tryit .tas-helpers-grid { display: grid; gap: 0.6em; }
.tas-tryit .tas-steps { margin: 0; padding-left: 1.4em; display: grid; gap: 1em; }
.tas-tryit .tas-step h3 { margin: 0 0 0.2em; font-size: 1.02em; }
.tas-tryit .tas-step p { margin: 0 0 0.4em; }
.tas-tryit .tas-step:not(.tas-current):not(.tas-done) { color: #6a7887; }
.tas-tryit .tas-step.tas-done h3::after { content: " ✓"; color: #145c33; }
.tas-tryit .tas-step .tas-result { margin-top: 0.4em; }
.tas-tryit .tas-mock-note { background: #eef3fb; padding: 0.3em 0.5em; border-radius: 6px; }
.tas-tryit .tas-finished { font-weight: 600; color: #145c33; }
@media (min-width: 900px) { .tas-tryit .tas-helpers-grid { grid-template-columns: 1fr 1fr; } }
`;
