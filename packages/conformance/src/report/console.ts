import { toCurl } from '../http/curl.js';
import type { RunResult } from '../run.js';
import type { CheckResult } from '../types.js';

const LABEL = { pass: 'PASS', fail: 'FAIL', warn: 'WARN', skip: 'SKIP' } as const;

/** The line (and, for findings, the indented details) printed as a check ends. */
export function formatResultLine(result: CheckResult): string {
  const head = `${LABEL[result.outcome]}  ${result.id}  ${result.title}`;
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
  const verdict = run.conforms ? 'the target conforms' : 'the target departs from the contract';
  const seconds = (run.durationMs / 1000).toFixed(1);
  return [...table, `${run.requests} requests in ${seconds} s against ${run.baseUrl} (${run.target}): ${verdict}`].join(
    '\n',
  );
}
