import { toCurl } from '../http/curl.js';
import type { RunResult } from '../options.js';
import type { CheckResult } from '../types.js';

const LABEL = { pass: 'PASS', fail: 'FAIL', warn: 'WARN', skip: 'SKIP' } as const;

/** The line (and, for findings, the indented details) printed as a check ends. */
export function formatResultLine(result: CheckResult): string {
  const wait = result.waitMs >= 50 ? `, waited ${seconds(result.waitMs)} for the rate limit` : '';
  const time = result.outcome === 'skip' ? '' : `  (${seconds(result.durationMs)}${wait})`;
  const head = `${LABEL[result.outcome]}  ${result.id}  ${result.title}${time}`;
  if (result.outcome === 'skip') return `${head}\n      skipped: ${result.reason}`;
  const lines = [head];
  for (const f of result.findings) {
    lines.push(`      ${f.assumed ? 'assumed' : 'stated'} [${f.rule}] ${f.message}`);
    lines.push(`        rule: ${f.statement}`);
    if (f.exchange) lines.push(`        repro: ${toCurl(f.exchange.request)}`);
  }
  return lines.join('\n');
}

/** The summary table: outcomes per kind of check, then the totals. */
export function formatSummary(run: RunResult): string {
  const kinds = ['contract', 'security', 'journey'] as const;
  const rows = kinds.map((kind) => {
    const of = run.results.filter((r) => r.kind === kind);
    const n = (o: CheckResult['outcome']) => of.filter((r) => r.outcome === o).length;
    return [kind as string, n('pass'), n('fail'), n('warn'), n('skip')];
  });
  rows.push(['total', run.summary.pass, run.summary.fail, run.summary.warn, run.summary.skip]);
  const table = [['checks', 'pass', 'fail', 'warn', 'skip'], ...rows].map(
    ([name, ...counts]) => `${String(name).padEnd(10)}${counts.map((c) => String(c).padStart(6)).join('')}`,
  );
  const verdict = run.aborted
    ? `the run stopped: ${run.aborted}`
    : run.conforms
      ? 'the target conforms'
      : 'the target departs from the contract';
  const lines = [
    ...table,
    `findings: ${run.findings.stated} stated (the interface's own statements), ${run.findings.assumed} assumed (the description's choices${run.strict ? ', failing under --strict' : ', warnings'})`,
    `generated negative inputs: ${run.negative.budget} over ${run.negative.constraints} constraints, seed ${run.seed} (repeat them with --seed ${run.seed})`,
    `${run.requests} requests in ${seconds(run.durationMs)} (${seconds(run.waitMs)} of it waiting for the rate limit) against ${run.baseUrl} (${run.target}): ${verdict}`,
  ];
  if (run.created.length) {
    lines.push(`created on the sandbox: ${run.created.length} (records and roadmaps)`);
    for (const c of run.created) lines.push(`  ${c.kind.padEnd(8)} ${c.token}  ${c.state}`);
  }
  return lines.join('\n');
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
