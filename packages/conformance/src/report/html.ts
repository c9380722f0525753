import { toCurl } from '../http/curl.js';
import type { RunResult } from '../options.js';
import { responseRules } from '../responses/index.js';
import type { Statement } from '../statements/table.js';
import type { CheckResult } from '../types.js';
import { answerOf, inEffect, labelOf } from './console.js';
import { describedBy, type FindingGroup, failing, groupRun } from './group.js';

/** 'notes': it held, with assumed notes (the description's choices) counted beside it. */
type Verdict = 'fail' | 'notes' | 'pass' | 'not run';

/** A check's part in a statement's verdict, as its console line labels it. */
function verdictOf(result: CheckResult): Verdict {
  const label = labelOf(result);
  if (label === 'FAIL') return 'fail';
  if (label !== 'PASS') return 'not run';
  return result.outcome === 'warn' || result.verdict?.notes ? 'notes' : 'pass';
}

/** A statement's verdict: from the checks that verify it, or from its response rule's findings. */
export function statementVerdict(statement: Statement, run: RunResult, groups: FindingGroup[]): Verdict {
  const verdicts: Verdict[] = statement.checks.map((id) => {
    const result = run.results.find((r) => r.id === id);
    if (result) return verdictOf(result);
    if (!responseRules.some((r) => r.id === id)) return 'not run';
    // A response rule: judged on every answer of the run.
    const ran = run.results.some((r) => r.outcome !== 'skip');
    const own = groups.filter((g) => g.rule === id);
    if (own.some((g) => failing(g, run.strict))) return 'fail';
    if (own.length) return 'notes';
    return ran ? 'pass' : 'not run';
  });
  for (const v of ['fail', 'notes', 'pass'] as const) if (verdicts.includes(v)) return v;
  return 'not run';
}

/** One self-contained page per run: the verdict, the interface's statements with theirs, each failure with its quote and repro. */
export function toHtml(run: RunResult, statements: Statement[]): string {
  const groups = groupRun(run.results);
  const failures = groups.filter((g) => failing(g, run.strict));
  const warnings = groups.filter((g) => !failing(g, run.strict));
  const notRun = run.results.filter((r) => r.verdict && !r.verdict.reached);
  const verdict = run.aborted
    ? `The run stopped: ${run.aborted}`
    : !run.conforms
      ? 'The target departs from the contract'
      : notRun.length
        ? `Nothing stated failed; ${notRun.length} checks could not run`
        : 'The target conforms';
  const rows = statements.map((s) => {
    const v = statementVerdict(s, run, groups);
    return `<tr class="${cls(v)}"><td>${esc(s.section)}</td><td>${code(s.text)}</td><td class="v">${v}</td><td>${s.checks.map((c) => `<code>${esc(c)}</code>`).join(' ')}</td></tr>`;
  });
  const counts = (['fail', 'notes', 'pass', 'not run'] as const).map(
    (v) => `${statements.filter((s) => statementVerdict(s, run, groups) === v).length} ${v}`,
  );
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>tas-conformance: ${esc(verdict)}</title>
<style>${STYLE}</style></head>
<body><main>
<h1 class="${run.conforms ? 'pass' : 'fail'}">${esc(verdict)}</h1>
<p>${esc(run.baseUrl)} (${run.target}), ${esc(run.startedAt)}: ${run.requests} requests in ${(run.durationMs / 1000).toFixed(1)} s; checks ${summary(run.results)}; ${esc(inEffect(run))}${run.strict ? '; --strict: assumed findings fail' : ''}.</p>
<h2>Failures (${failures.length})</h2>
${failures.length ? failures.map(failure).join('\n') : '<p>None.</p>'}
<h2>Could not run (${notRun.length})</h2>
${notRun.length ? `<ul>${notRun.map(couldNotRun).join('\n')}</ul>` : '<p>None.</p>'}
<h2>The interface's statements</h2>
<p>${counts.join(', ')}.</p>
<div class="scroll"><table><thead><tr><th>Section</th><th>Statement</th><th>Verdict</th><th>Checked by</th></tr></thead>
<tbody>${rows.join('\n')}</tbody></table></div>
<h2>Assumed notes (${warnings.reduce((n, g) => n + g.count, 0)})</h2>
<p>The description's choices where the interface says nothing: a deployment may choose otherwise.</p>
${warnings.length ? `<ul>${noteLines(warnings, run.profile?.settings).join('\n')}</ul>` : '<p>None.</p>'}
</main></body></html>
`;
}

/** A check that did not reach what it checks: why, and for a refused request of ours, what was sent and what to set. */
function couldNotRun(r: CheckResult): string {
  const v = r.verdict;
  const refused = v?.refused
    ? `<pre>${esc(v.refused.sent)}</pre><p>Answered ${esc(v.refused.got.slice(0, 200))}</p><p>Ours: ${v.refused.parts.map((p) => `${esc(p.part)} (set: ${esc(p.setting)})`).join('; ')}</p>`
    : '';
  return `<li><code>${esc(r.id)}</code> ${esc(v?.why ?? '')}${refused}</li>`;
}

function failure(g: FindingGroup): string {
  const times = g.count > 1 ? ` <b>${g.count}×</b>` : '';
  const before = (g.before ?? [])
    .map(
      (x) =>
        `<p>Before it, sent:</p><pre>${esc(toCurl(x.request))}</pre><p>Answered:</p><pre>${esc(answerOf(x.response, 4000))}</pre>`,
    )
    .join('');
  const exchange = g.exchange
    ? `${before}<p>Sent (repro):</p><pre>${esc(toCurl(g.exchange.request))}</pre><p>Answered:</p><pre>${esc(answerOf(g.exchange.response, 4000))}</pre>`
    : '';
  const quotes = (g.quotes ?? []).map((q) => `<blockquote>${code(q)}</blockquote>`).join('');
  return `<section class="finding"><h3>${esc(g.message)}${times}</h3>
<p><code>${esc(g.rule)}</code>${g.assumed ? ' (assumed, failing under --strict)' : ' (stated)'} in ${g.checks.map((c) => `<code>${esc(c)}</code>`).join(', ')}</p>
<blockquote>${code(g.statement)}</blockquote>${quotes ? `<p>The interface says:</p>${quotes}` : ''}${exchange}</section>`;
}

/** The notes, one line per group; those of a setting the profile describes, one line per setting. */
function noteLines(warnings: FindingGroup[], settings?: Record<string, string>): string[] {
  const described = new Map<string, number>();
  const lines: string[] = [];
  for (const g of warnings) {
    const key = describedBy(g, settings);
    if (key) described.set(key, (described.get(key) ?? 0) + g.count);
    else lines.push(`<li><b>${g.count}×</b> <code>${esc(g.rule)}</code> ${esc(g.message)}</li>`);
  }
  const collapsed = [...described].map(
    ([key, n]) =>
      `<li><b>${n}×</b> the deployment's choice, as the profile's <code>${esc(key)}</code> describes it</li>`,
  );
  return [...collapsed, ...lines];
}

function summary(results: CheckResult[]): string {
  const n = (label: string) => results.filter((r) => labelOf(r) === label).length;
  return `${n('PASS')} pass, ${n('FAIL')} fail, ${n('COULD NOT RUN')} could not run, ${n('SKIP')} skip`;
}

const cls = (v: Verdict) => (v === 'not run' ? 'skip' : v === 'notes' ? 'warn' : v);
const esc = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** Markdown's `code` spans of the statements, as code. */
const code = (text: string) => esc(text).replace(/`([^`]+)`/g, '<code>$1</code>');

const STYLE = `
body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1a1a1a;background:#fff}
main{max-width:72rem;margin:0 auto;padding:1rem}
h1{font-size:1.5rem;padding:.5rem .75rem;border-radius:4px}
h1.pass{background:#e6f4ea}h1.fail{background:#fce8e6}
h2{font-size:1.2rem;margin-top:2rem}h3{font-size:1rem;margin:.25rem 0;overflow-wrap:anywhere}
code{font:.9em ui-monospace,monospace;background:#f3f3f3;padding:0 .2em;overflow-wrap:anywhere}
pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#f3f3f3;padding:.5rem;font-size:.85rem}
blockquote{margin:.25rem 0;padding-left:.75rem;border-left:3px solid #999;overflow-wrap:anywhere}
.finding{border:1px solid #ddd;border-radius:4px;padding:.5rem .75rem;margin:.75rem 0}
.scroll{overflow-x:auto}
table{border-collapse:collapse;width:100%;min-width:36rem}
td,th{border-bottom:1px solid #ddd;padding:.3rem .4rem;text-align:left;vertical-align:top}
td.v{font-weight:600;white-space:nowrap}
tr.fail td.v{color:#b00020}tr.warn td.v{color:#8a5a00}tr.pass td.v{color:#1e7b34}tr.skip td.v{color:#666}
li{overflow-wrap:anywhere}
`;
