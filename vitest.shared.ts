// Shared by every package's vitest.config.ts: the default reporter for people, and a JSON report
// (a turbo output of `test`) that scripts/test-summary.mjs totals into one closing line.
export const reporting = {
  reporters: ['default', 'json'],
  outputFile: { json: 'test-artifacts/vitest.json' },
};
