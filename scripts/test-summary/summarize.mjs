// The closing lines of `npm test` from what each package's tests left behind: one line a package,
// the packages whose tests did not run named (their tests are in no count), and the total last, in
// the plain `N passed, N failed` form CI reads. Each failed test is named under its package with the
// first line of why and the diff under it, since CI's log may keep only its end.

import { stripVTControlCharacters } from 'node:util';

const SHOWN_FAILURES = 10;
const DIFF_LINES = 16;
const firstLine = (text) =>
  String(text ?? '')
    .split('\n')[0]
    .slice(0, 200);
/** The lines between a failure's first line and its stack: the expected and received values of an assertion. */
const diffOf = (text) => {
  const rest = stripVTControlCharacters(String(text ?? ''))
    .split('\n')
    .slice(1);
  const stack = rest.findIndex((l) => /^\s+at /.test(l));
  const diff = (stack < 0 ? rest : rest.slice(0, stack)).filter((l) => l.trim());
  const shown = diff.slice(0, DIFF_LINES).map((l) => `      ${l.slice(0, 200)}`);
  return diff.length > DIFF_LINES ? [...shown, `      … ${diff.length - DIFF_LINES} more lines`] : shown;
};

/** `  failed: <file> > <test>: <first line of the failure>`, for each failed test of a report. */
function failures(dir, report) {
  const lines = [];
  for (const file of report.testResults ?? []) {
    const at = file.name?.lastIndexOf(`/${dir}/`) ?? -1;
    const name = at >= 0 ? file.name.slice(at + dir.length + 2) : file.name;
    for (const test of file.assertionResults ?? []) {
      if (test.status !== 'failed') continue;
      const why = firstLine(test.failureMessages?.[0]);
      lines.push(`  failed: ${name} > ${test.fullName}${why ? `: ${why}` : ''}`, ...diffOf(test.failureMessages?.[0]));
    }
    // A file that failed to load has no failed test; its message says why.
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed')) {
      lines.push(`  failed: ${name}: ${firstLine(file.message)}`);
    }
  }
  if (lines.length <= SHOWN_FAILURES) return lines;
  return [...lines.slice(0, SHOWN_FAILURES), `  and ${lines.length - SHOWN_FAILURES} more: see its log`];
}

/**
 * @param {{ dir: string, report?: { numPassedTests: number, numFailedTests: number, numPendingTests: number,
 *   numTodoTests: number, success?: boolean, testResults?: object[] } }[]} packages every package with tests, its report if this run left one
 * @returns {{ lines: string[], code: number }} code 1 when a test failed, a run failed or a package did not run
 */
export function summarize(packages) {
  const totals = { passed: 0, failed: 0, skipped: 0 };
  const lines = [];
  const missing = [];
  let broken = false;
  for (const { dir, report } of packages) {
    if (!report) {
      missing.push(dir);
      lines.push(`${dir}: did not run`);
      continue;
    }
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + report.numTodoTests;
    // A file that failed to load fails the run with no failed test to count.
    const runFailed = report.success === false && report.numFailedTests === 0;
    if (runFailed) broken = true;
    lines.push(
      `${dir}: ${report.numPassedTests} passed, ${report.numFailedTests} failed${runFailed ? ' (and the run failed: see its log)' : ''}`,
      ...failures(dir, report),
    );
  }
  if (missing.length) lines.push(`Did not run (not counted below): ${missing.join(', ')}`);
  lines.push(`Total: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  return { lines, code: totals.failed || missing.length || broken ? 1 : 0 };
}
