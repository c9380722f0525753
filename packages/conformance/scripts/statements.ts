// Regenerates the generated tables of REFERENCE.md from the registry (src/registry.ts: the claims each
// check's file holds or judges): the statements (the claims by the sentence they quote), the grounds
// of every rule and constraint (src/grounds), the claims and their breaches; those of README.md: the CI
// example's fixtures file (src/fixtures-example.ts), the deployment profile's settings (src/profile/table.ts); and grounds.json, the quoted sentences with the fingerprint of the interface document they were found
// in, when one is available (scripts/interface.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { listAssumptions, loadDescription } from '@tas/openapi';
import { CLAIMS_END, CLAIMS_START, claimsTable } from '../src/claims/table.js';
import { EXAMPLE_END, EXAMPLE_START, fixturesExample } from '../src/fixtures-example.js';
import { GROUNDS_END, GROUNDS_START, groundsTable } from '../src/grounds-table.js';
import { PROFILE_END, PROFILE_START, profileTable } from '../src/profile/table.js';
import { registry } from '../src/registry.js';
import { statementsOf, statementsTable, withTable } from '../src/statements/table.js';
import { findInterface, notIn, quotedGrounds, readRecord, recordOf, writeRecord } from './interface.js';

const readme = new URL('../README.md', import.meta.url);
const reference = new URL('../REFERENCE.md', import.meta.url);
const doc = loadDescription();
const assumptions = listAssumptions(doc);
const { checks, rules, claims: CLAIMS, grounded } = registry(doc, assumptions);
const STATEMENTS = statementsOf(CLAIMS);
const table = statementsTable(STATEMENTS, checks, rules);
const grounds = groundsTable(doc, assumptions, grounded);
const tables = withTable(withTable(readFileSync(reference, 'utf8'), table), grounds, [GROUNDS_START, GROUNDS_END]);
writeFileSync(reference, withTable(tables, claimsTable(CLAIMS), [CLAIMS_START, CLAIMS_END]));
const examples = withTable(readFileSync(readme, 'utf8'), await fixturesExample(), [EXAMPLE_START, EXAMPLE_END]);
writeFileSync(readme, withTable(examples, profileTable(doc), [PROFILE_START, PROFILE_END]));
process.stdout.write(
  `REFERENCE.md: ${STATEMENTS.length} statements, ${grounds.split('\n').length - 2} grounds, ${CLAIMS.length} claims; README.md: the fixtures example, the profile's settings\n`,
);

const quotes = quotedGrounds(doc, assumptions);
const found = findInterface();
if ('path' in found) {
  const text = readFileSync(found.path, 'utf8');
  const missing = notIn(text, quotes);
  if (missing.length) {
    process.stderr.write(
      `grounds.json not written: not in ${found.path} word for word:\n${missing.map((q) => `  ${q}\n`).join('')}`,
    );
    process.exit(1);
  }
  const record = recordOf(text, quotes);
  writeRecord(record);
  process.stdout.write(
    `grounds.json: ${quotes.length} quotes, found in ${found.path} (sha256 ${record.interface.sha256})\n`,
  );
} else {
  const same = JSON.stringify(readRecord().quotes) === JSON.stringify(quotes);
  process.stderr.write(
    `grounds.json not written: no interface document (${found.missing})${same ? '' : '; the quotes have changed since it was recorded'}\n`,
  );
  if (!same || found.error) process.exit(1);
}
