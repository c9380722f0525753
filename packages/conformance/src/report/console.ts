import { toCurl } from '../http/curl.js';
import type { RunResult } from '../options.js';
import type { CheckResult } from '../types.js';
import { type FindingGroup, failing, groupOf, groupRun } from './group.js';

const LABEL = { pass: 'PASS', fail: 'FAIL', warn: 'WARN', skip: 'SKIP' } as const;

/** The line printed as a check ends; its failing findings grouped (count and one repro), warnings only counted. */
export function formatResultLine(result: CheckResult, { strict = false }: { strict?: boolean } = {}): string {
  const wait = result.waitMs >= 50 ? `, waited ${seconds(result.waitMs)} for the rate limit` : '';
  const time = result.outcome === 'skip' ? '' : `  (${seconds(result.durationMs)}${wait})`;
  const head = `${LABEL[result.outcome]}  ${result.id}  ${result.title}${time}`;
  if (result.outcome === 'skip') return `${head}\n      skipped: ${result.reason}`;
  const lines = [head];
  const groups = groupOf(result);
  for (const g of groups.filter((g) => failing(g, strict))) lines.push(...describe(g, '      '));
  const warnings = groups.filter((g) => !failing(g, strict));
  if (warnings.length) {
    const n = warnings.reduce((sum, g) => sum + g.count, 0);
    lines.push(
      `      ${n} assumed (warning${n === 1 ? '' : 's'}, ${warnings.length} kind${warnings.length === 1 ? '' : 's'}): listed in the summary`,
    );
  }
  return lines.join('\n');
}

/** A group as the console and the JUnit body show it: message and count, the rule, one repro. */
export function describe(g: FindingGroup, indent: string): string[] {
  const times = g.count > 1 ? ` (${g.count} times${g.checks.length > 1 ? `, in ${g.checks.join(', ')}` : ''})` : '';
  return [
    `${indent}${g.assumed ? 'assumed' : 'stated'} [${g.rule}] ${g.message}${times}`,
    `${indent}  rule: ${g.statement}`,
    ...(g.exchange ? [`${indent}  repro: ${toCurl(g.exchange.request)}`] : []),
  ];
}

/** The run's findings before the table: the failures in full, then the warnings by kind. */
function findingsSection(run: RunResult): string[] {
  const groups = groupRun(run.results);
  const failures = groups.filter((g) => failing(g, run.strict));
  const warnings = groups.filter((g) => !failing(g, run.strict));
  const lines: string[] = [];
  if (failures.length) {
    const n = failures.reduce((sum, g) => sum + g.count, 0);
    lines.push(
      `Failures: ${n} finding${n === 1 ? '' : 's'} of ${failures.length} kind${failures.length === 1 ? '' : 's'}`,
    );
    for (const g of failures) lines.push(...describe(g, '  '));
    lines.push('');
  }
  if (warnings.length) {
    const n = warnings.reduce((sum, g) => sum + g.count, 0);
    lines.push(`Assumed warnings (the description's choices, not the interface's): ${n} of ${warnings.length} kinds`);
    for (const [rule, count] of countBy(warnings, (g) => g.rule)) lines.push(`  ${String(count).padStart(5)}  ${rule}`);
    lines.push('  most frequent:');
    for (const g of warnings.slice(0, WARNINGS_SHOWN))
      lines.push(`  ${String(g.count).padStart(5)}× [${g.rule}] ${g.message}`);
    if (warnings.length > WARNINGS_SHOWN)
      lines.push(`  … ${warnings.length - WARNINGS_SHOWN} more kinds in the JSON and HTML reports`);
    lines.push('');
  }
  return lines;
}

const WARNINGS_SHOWN = 10;

function countBy(groups: FindingGroup[], key: (g: FindingGroup) => string): [string, number][] {
  const counts = new Map<string, number>();
  for (const g of groups) counts.set(key(g), (counts.get(key(g)) ?? 0) + g.count);
  return [...counts].sort((a, b) => b[1] - a[1]);
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
    ...findingsSection(run),
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
