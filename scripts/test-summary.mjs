// Totals every package's vitest JSON report (test-artifacts/vitest.json) into one closing line, so
// that a reader of CI's log, person or tool, sees the whole run's count at the end; names every
// package whose tests did not run, and then exits 1.
//   node scripts/test-summary.mjs --start   before the tests: removes earlier runs' reports
//   node scripts/test-summary.mjs           after them: the summary
// --root <dir> reads another checkout (the tests' own fixtures).
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { clearReports, readReport, testedDirs } from './test-summary/reports.mjs';
import { summarize } from './test-summary/summarize.mjs';

let values;
try {
  ({ values } = parseArgs({ options: { start: { type: 'boolean' }, root: { type: 'string' } }, strict: true }));
} catch (error) {
  console.error(`test-summary: ${error.message}; usage: node scripts/test-summary.mjs [--start] [--root <dir>]`);
  process.exit(2);
}
const root = values.root ?? fileURLToPath(new URL('..', import.meta.url));
if (values.start) {
  clearReports(root);
} else {
  const { lines, code } = summarize(testedDirs(root).map((dir) => ({ dir, report: readReport(root, dir) })));
  for (const line of lines) console.log(line);
  process.exitCode = code;
}
