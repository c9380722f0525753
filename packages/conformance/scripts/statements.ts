// Regenerates the statements table of README.md from the checks' metadata and src/statements/list.ts.
import { readFileSync, writeFileSync } from 'node:fs';
import { listAssumptions, loadDescription } from '@tas/openapi';
import { allChecks } from '../src/checks/index.js';
import { responseRules } from '../src/responses/index.js';
import { STATEMENTS } from '../src/statements/list.js';
import { statementsTable, withTable } from '../src/statements/table.js';

const readme = new URL('../README.md', import.meta.url);
const doc = loadDescription();
const table = statementsTable(STATEMENTS, allChecks(doc, listAssumptions(doc)), responseRules);
writeFileSync(readme, withTable(readFileSync(readme, 'utf8'), table));
process.stdout.write(`README.md: ${STATEMENTS.length} statements\n`);
