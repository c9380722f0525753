// Totals every package's vitest JSON report (test-artifacts/vitest.json) into one closing line,
// so that a reader of CI's log, person or tool, sees the whole run's count at the end.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const dirs = [
  'openapi',
  'scripts',
  ...['packages', 'apps'].flatMap((d) => readdirSync(join(root, d)).map((p) => join(d, p))),
];
const totals = { passed: 0, failed: 0, skipped: 0 };
for (const dir of dirs) {
  const file = join(root, dir, 'test-artifacts', 'vitest.json');
  if (!existsSync(file)) continue;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
  console.log(`${dir}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
}
console.log(`Total: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
