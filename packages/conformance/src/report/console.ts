import { toCurl } from '../http/curl.js';
import type { RunResult } from '../options.js';
import type { CheckResult } from '../types.js';
import { describedBy, type FindingGroup, failing, groupOf, groupRun } from './group.js';

const LABEL = { pass: 'PASS', fail: 'FAIL', warn: 'WARN', skip: 'SKIP' } as const;

/**
 * A check's label: FAIL when its stated part failed; COULD NOT RUN when it did not reach what it
 * checks; PASS when its stated part held, its assumed notes counted beside it; SKIP when it does not
 * apply. (WARN is what a check with notes only was labelled before the verdict had three parts.)
 */
export function labelOf(result: CheckResult): string {
  if (result.outcome === 'fail') return LABEL.fail;
  if (result.verdict && !result.verdict.reached) return 'COULD NOT RUN';
  if (result.outcome === 'warn') return LABEL.pass;
  return LABEL[result.outcome];
}

const notesOf = (n: number) => (n ? `, ${n} note${n === 1 ? '' : 's'}` : '');

/** The line printed as a check ends; its failing findings grouped (count and one repro), notes only counted. */
export function formatResultLine(result: CheckResult, { strict = false }: { strict?: boolean } = {}): string {
  const wait = result.waitMs >= 50 ? `, waited ${seconds(result.waitMs)} for the rate limit` : '';
  const notes = strict ? '' : notesOf(result.verdict?.notes ?? 0);
  const time = result.outcome === 'skip' && !result.verdict ? '' : `  (${seconds(result.durationMs)}${wait}${notes})`;
  const head = `${labelOf(result)}  ${result.id}  ${result.title}${time}`;
  const notRun = result.verdict && !result.verdict.reached ? couldNotRunLines(result, '      ') : [];
  if (result.outcome === 'skip')
    return [head, ...(notRun.length ? notRun : [`      skipped: ${result.reason}`])].join('\n');
  const lines = [head, ...notRun];
  const groups = groupOf(result);
  for (const g of groups.filter((g) => failing(g, strict))) lines.push(...describe(g, '      '));
  return lines.join('\n');
}

/** Why a check did not reach what it checks: what was sent, what came back, which part was ours, what to set. */
function couldNotRunLines(result: CheckResult, indent: string): string[] {
  const v = result.verdict;
  if (!v) return [];
  const lines = [`${indent}could not run: ${(v.why ?? '').replace(/^could not (run|judge): /, '')}`];
  if (v.refused) {
    lines.push(`${indent}  sent: ${v.refused.sent}`);
    lines.push(`${indent}  got: ${v.refused.got.replace(/\s+/g, ' ').slice(0, 160)}`);
    for (const p of v.refused.parts) lines.push(`${indent}  ours: ${p.part}; set: ${p.setting}`);
  }
  return lines;
}

/** A group as the console and the JUnit body show it: message and count, the rule, one repro. */
export function describe(g: FindingGroup, indent: string): string[] {
  const times = g.count > 1 ? ` (${g.count} times${g.checks.length > 1 ? `, in ${g.checks.join(', ')}` : ''})` : '';
  return [
    `${indent}${g.assumed ? 'assumed' : 'stated'} [${g.rule}] ${g.message}${times}`,
    `${indent}  rule: ${g.statement}`,
    ...(g.quotes ?? []).map((q) => `${indent}  quote: "${q}"`),
    ...(g.before ?? []).flatMap((x) => [
      `${indent}  before: ${toCurl(x.request)}`,
      `${indent}  got: ${answerOf(x.response)}`,
    ]),
    ...(g.exchange
      ? [`${indent}  repro: ${toCurl(g.exchange.request)}`, `${indent}  got: ${answerOf(g.exchange.response)}`]
      : []),
  ];
}

/** An answer on one line: its status and body, cut where it is long. */
export function answerOf(response: { status: number; text: string }, limit = 600): string {
  const body = response.text.replace(/\s+/g, ' ').trim();
  return `${response.status} ${body.length > limit ? `${body.slice(0, limit)}… (${body.length} characters)` : body}`;
}

/** The profile and seed in effect, as every report names them. */
export function inEffect(run: Pick<RunResult, 'profile' | 'seed'>): string {
  const p = run.profile;
  const changed = Object.keys(p?.settings ?? {});
  const profile = p?.file
    ? `profile ${p.file}${changed.length ? ` (${changed.length} settings changed: ${changed.join(', ')})` : ' (every setting the default)'}`
    : changed.length
      ? `no profile file; flags changed ${changed.join(', ')}`
      : "no profile (the description's choices)";
  return `${profile}; seed ${run.seed}`;
}

/** The run's verdict before the table: stated failures in full, then what could not run, then the notes by kind. */
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
  const notRun = run.results.filter((r) => r.verdict && !r.verdict.reached);
  if (notRun.length) {
    lines.push(`Could not run: ${notRun.length} check${notRun.length === 1 ? '' : 's'} did not reach what they check`);
    for (const r of notRun) {
      const needs = r.verdict?.needs?.length ? `; set: ${r.verdict.needs.join(', ')}` : '';
      lines.push(`  ${r.id}: ${(r.verdict?.why ?? '').replace(/^could not (run|judge): /, '')}${needs}`);
    }
    lines.push('');
  }
  if (warnings.length) {
    // One line per kind: groups that differ only by operation or path read the same here.
    const kinds = new Map<string, { count: number; ops: Set<string> }>();
    for (const g of warnings) {
      const described = describedBy(g, run.profile?.settings);
      const line = described
        ? `the deployment's choice, as the profile's ${described} describes it`
        : `[${g.rule}] ${g.message}`;
      const kind = kinds.get(line) ?? { count: 0, ops: new Set<string>() };
      kind.count += g.count;
      if (g.operationId) kind.ops.add(g.operationId);
      kinds.set(line, kind);
    }
    const n = warnings.reduce((sum, g) => sum + g.count, 0);
    lines.push(`Assumed notes (the description's choices, not the interface's): ${n} of ${kinds.size} kinds`);
    for (const [line, { count, ops }] of kinds)
      lines.push(`  ${String(count).padStart(5)}× ${line}${ops.size > 1 ? ` (in ${ops.size} operations)` : ''}`);
    lines.push('');
  }
  return lines;
}

/** The columns of the summary table: each check counted under the label its line shows. */
const COLUMNS = ['PASS', 'FAIL', 'COULD NOT RUN', 'SKIP'] as const;

/** The summary table: checks per kind under the labels their lines show, then the totals. */
export function formatSummary(run: RunResult): string {
  const count = (of: CheckResult[]) => COLUMNS.map((label) => of.filter((r) => labelOf(r) === label).length);
  const rows: (string | number)[][] = (['contract', 'security', 'journey'] as const).map((kind) => [
    kind,
    ...count(run.results.filter((r) => r.kind === kind)),
  ]);
  rows.push(['total', ...count(run.results)]);
  const header = ['checks', 'pass', 'fail', 'not run', 'skip'];
  const table = [header, ...rows].map(
    ([name, ...counts]) => `${String(name).padEnd(10)}${counts.map((c) => String(c).padStart(9)).join('')}`,
  );
  const notRun = run.couldNotRun?.length ?? 0;
  const verdict = run.aborted
    ? `the run stopped: ${run.aborted}`
    : !run.conforms
      ? 'the target departs from the contract'
      : notRun
        ? `nothing stated failed, but ${notRun} check${notRun === 1 ? '' : 's'} could not run (exit 2)`
        : 'the target conforms';
  const lines = [
    ...findingsSection(run),
    ...table,
    `findings: ${run.findings.stated} stated (the interface's own statements), ${run.findings.assumed} assumed (the description's choices${run.strict ? ', failing under --strict' : ', warnings'})`,
    `generated negative inputs: ${run.negative.budget} over ${run.negative.constraints} constraints, seed ${run.seed} (repeat them with --seed ${run.seed})`,
    `in effect: ${inEffect(run)}`,
    `${run.requests} requests in ${seconds(run.durationMs)} (${seconds(run.waitMs)} of it waiting for the rate limit) against ${run.baseUrl} (${run.target}): ${verdict}`,
  ];
  if (run.created.length) {
    lines.push(`created on the sandbox: ${run.created.length} (records and roadmaps)`);
    for (const c of run.created) lines.push(`  ${c.kind.padEnd(8)} ${c.token}  ${c.state}`);
  }
  return lines.join('\n');
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
