// npm run matrix: runs the matrix on this Node and writes its rows into matrix.json, beside the rows
// of the other Node majors. The test fails when the committed file differs from a run.
// --sandbox-node PATH runs the sandbox on that Node instead of in this process (npm run matrix:node22).
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { runMatrix } from './matrix.js';
import { readMatrix, writeMatrix } from './matrix-file.js';
import { childSandbox, inProcessSandbox } from './sandbox.js';

const { values } = parseArgs({ options: { 'sandbox-node': { type: 'string' } } });
const cwd = fileURLToPath(new URL('..', import.meta.url));
const major = process.versions.node.split('.')[0] ?? '';
const sandbox = values['sandbox-node'] ? await childSandbox(values['sandbox-node']) : await inProcessSandbox();
const rows = await runMatrix(cwd, sandbox).finally(() => sandbox.close());
const matrix = readMatrix(cwd);
writeMatrix(cwd, { ...matrix, runs: { ...matrix.runs, [major]: rows } });
for (const r of rows) {
  console.log(
    `${r.generator} ${r.version} (${r.input}): generate ${r.generate}, compile ${r.compile}, journey ${r.journey}, typed ${r.typed}`,
  );
}
console.log(`matrix.json: the rows of Node ${process.versions.node} written (under "${major}")`);
