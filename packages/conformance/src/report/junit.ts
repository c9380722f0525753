import type { RunResult } from '../options.js';
import type { CheckResult } from '../types.js';
import { answerOf, describe, inEffect } from './console.js';
import { failing, groupOf } from './group.js';

/** JUnit XML: a testsuite per kind of check, a testcase per check; warnings are reported as passing with system-out. */
export function toJunit(run: RunResult): string {
  const kinds = [...new Set(run.results.map((r) => r.kind))];
  const suites = kinds.map((kind) => {
    const cases = run.results.filter((r) => r.kind === kind);
    const count = (o: CheckResult['outcome']) => cases.filter((c) => c.outcome === o).length;
    const attrs = `name="${kind}" tests="${cases.length}" failures="${count('fail')}" skipped="${count('skip')}" errors="0"`;
    return `  <testsuite ${attrs}>\n${cases.map((c) => testcase(c, run.strict)).join('')}  </testsuite>\n`;
  });
  const stoppedBefore = Boolean(run.aborted) && !run.results.length;
  const total = `tests="${run.results.length || Number(stoppedBefore)}" failures="${run.summary.fail}" skipped="${run.summary.skip}"`;
  // Each testcase's time is the check's own; the rate-limit wait is reported apart.
  const own = run.durationMs - run.waitMs;
  const properties = [
    ['stated_findings', run.findings.stated],
    ['could_not_run', run.couldNotRun?.length ?? 0],
    ['assumed_findings', run.findings.assumed],
    ['rate_limit_wait_seconds', run.waitMs / 1000],
    ['requests', run.requests],
    ['seed', run.seed],
    ['in_effect', inEffect(run)],
    ['negative_budget', run.negative.budget],
    ...(run.aborted ? [['aborted', run.aborted]] : []),
    ...run.created.map((c) => [`created_${c.kind}`, c.token]),
  ]
    .map(([name, value]) => `    <property name="${esc(String(name))}" value="${esc(String(value))}"/>\n`)
    .join('');
  // A run that stopped before any check: one errored testcase that says why, so CI shows it red.
  if (stoppedBefore)
    suites.push(
      `  <testsuite name="run" tests="1" failures="0" skipped="0" errors="1">\n    <testcase classname="run" name="the run could not be made" time="0"><error message="${esc(run.aborted ?? '')}"/></testcase>\n  </testsuite>\n`,
    );
  const errors = stoppedBefore ? ' errors="1"' : '';
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="tas-conformance" ${total}${errors} time="${own / 1000}">\n  <properties>\n${properties}  </properties>\n${suites.join('')}</testsuites>\n`;
}

function testcase(r: CheckResult, strict: boolean): string {
  const open = `    <testcase classname="${esc(r.kind)}" name="${esc(r.id)}" time="${r.durationMs / 1000}">`;
  // Grouped, failing ones first: the headline is the finding that failed the check, not the first warning.
  const groups = groupOf(r).sort((a, b) => Number(failing(b, strict)) - Number(failing(a, strict)));
  const details = groups
    .map((g) => {
      const lines = describe(g, '');
      if (g.exchange) lines.push(`  response: ${answerOf(g.exchange.response, 1000)}`);
      return lines.join('\n');
    })
    .join('\n\n');
  const stated = r.findings.filter((f) => !f.assumed).length;
  const counts = `${stated} stated, ${r.findings.length - stated} assumed`;
  const wait = r.waitMs > 0 ? `rate-limit wait: ${r.waitMs / 1000} s (not in this testcase's time)\n` : '';
  let inner = '';
  const notReached = r.verdict && !r.verdict.reached && r.outcome !== 'fail';
  const needs = r.verdict?.needs?.length ? `; set: ${r.verdict.needs.join(', ')}` : '';
  if (notReached) inner = `<skipped message="${esc(`${r.verdict?.why ?? ''}${needs}`)}"/>`;
  else if (r.outcome === 'skip') inner = `<skipped message="${esc(r.reason ?? '')}"/>`;
  if (r.outcome === 'fail')
    inner = `<failure message="${esc(`${groups[0]?.message ?? ''} (${counts})`)}">${esc(details)}</failure>`;
  if (r.outcome === 'warn' && !notReached)
    inner = `<system-out>${esc(`${wait}warning (assumed behaviour):\n${details}`)}</system-out>`;
  else if (wait) inner += `<system-out>${esc(wait)}</system-out>`;
  return `${open}${inner}</testcase>\n`;
}

function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
