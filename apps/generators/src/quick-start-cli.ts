// npm run matrix:quick-start: each generator installed as its own quick start says (no versions: what
// npm picks today on this Node), run through the matrix's steps; writes matrix.json's quickStart rows of
// this Node major with today's date. Needs the npm registry. --sandbox-node PATH: as in cli.ts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { readMatrix, writeMatrix } from './matrix-file.js';
import { runQuickStarts } from './quick-start.js';
import { childSandbox, inProcessSandbox } from './sandbox.js';

const { values } = parseArgs({ options: { 'sandbox-node': { type: 'string' }, help: { type: 'boolean' } } });
if (values.help) {
  console.log(`Usage: npm run matrix:quick-start -w @tas/generators [-- --sandbox-node PATH]

Installs each generator in an empty folder as its own quick start says (the registry's newest, as npm
picks for this Node), generates, compiles strictly with that install's TypeScript, runs the journey
against the sandbox, and writes the rows into matrix.json under quickStart (this Node major, today's date).`);
  process.exit(0);
}
const cwd = fileURLToPath(new URL('..', import.meta.url));
const major = process.versions.node.split('.')[0] ?? '';
const root = mkdtempSync(join(tmpdir(), 'tas-quick-start-'));
const sandbox = values['sandbox-node'] ? await childSandbox(values['sandbox-node']) : await inProcessSandbox();
try {
  const rows = await runQuickStarts(root, sandbox, undefined, (line) => console.log(`… ${line}`));
  const matrix = readMatrix(cwd);
  const date = new Date().toISOString().slice(0, 10);
  writeMatrix(cwd, { ...matrix, quickStart: { date, runs: { ...matrix.quickStart?.runs, [major]: rows } } });
  for (const r of rows) {
    console.log(
      `${r.generator} ${r.version}, TypeScript ${r.typescript} (${r.input}): generate ${r.generate}, compile ${r.compile}, journey ${r.journey}, typed ${r.typed}`,
    );
    for (const note of r.notes) console.log(`  ${note}`);
  }
  console.log(`matrix.json: the quick-start rows of Node ${process.versions.node} written (under "${major}", ${date})`);
} finally {
  await sandbox.close();
  rmSync(root, { recursive: true, force: true });
}
