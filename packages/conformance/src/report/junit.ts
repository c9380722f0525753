import { toCurl } from '../http/curl.js';
import type { RunResult } from '../run.js';
import type { CheckResult } from '../types.js';

/** JUnit XML: a testsuite per kind of check, a testcase per check; warnings are reported as passing with system-out. */
export function toJunit(run: RunResult): string {
  const kinds = [...new Set(run.results.map((r) => r.kind))];
  const suites = kinds.map((kind) => {
    const cases = run.results.filter((r) => r.kind === kind);
    const count = (o: CheckResult['outcome']) => cases.filter((c) => c.outcome === o).length;
    const attrs = `name="${kind}" tests="${cases.length}" failures="${count('fail')}" skipped="${count('skip')}" errors="0"`;
    return `  <testsuite ${attrs}>\n${cases.map(testcase).join('')}  </testsuite>\n`;
  });
  const total = `tests="${run.results.length}" failures="${run.summary.fail}" skipped="${run.summary.skip}"`;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="tas-conformance" ${total} time="${run.durationMs / 1000}">\n${suites.join('')}</testsuites>\n`;
}

function testcase(r: CheckResult): string {
  const open = `    <testcase classname="${esc(r.kind)}" name="${esc(r.id)}" time="${r.durationMs / 1000}">`;
  const details = r.findings
    .map(
      (f) =>
        `[${f.rule}] ${f.message}\nrule: ${f.statement}${f.exchange ? `\nrepro: ${toCurl(f.exchange.request)}\nresponse: ${f.exchange.response.status} ${f.exchange.response.text.slice(0, 1000)}` : ''}`,
    )
    .join('\n\n');
  let inner = '';
  if (r.outcome === 'skip') inner = `<skipped message="${esc(r.reason ?? '')}"/>`;
  if (r.outcome === 'fail') inner = `<failure message="${esc(r.findings[0]?.message ?? '')}">${esc(details)}</failure>`;
  if (r.outcome === 'warn') inner = `<system-out>${esc(`warning (assumed behaviour):\n${details}`)}</system-out>`;
  return `${open}${inner}</testcase>\n`;
}

function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
