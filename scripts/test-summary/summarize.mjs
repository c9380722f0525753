// The closing lines of `npm test` from what each package's tests left behind: one line a package,
// the packages whose tests did not run named (their tests are in no count), and the total last, in
// the plain `N passed, N failed` form CI reads.

/**
 * @param {{ dir: string, report?: { numPassedTests: number, numFailedTests: number, numPendingTests: number,
 *   numTodoTests: number, success?: boolean } }[]} packages every package with tests, its report if this run left one
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
    );
  }
  if (missing.length) lines.push(`Did not run (not counted below): ${missing.join(', ')}`);
  lines.push(`Total: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  return { lines, code: totals.failed || missing.length || broken ? 1 : 0 };
}
