// Writes dist/openapi.json from the bundled dist/openapi.yaml, so both files say the same thing, and
// dist/journeys.json from the Arazzo workflows, so that reading the journeys needs no YAML parser.
// `node scripts/to-json.mjs [folder]`: this package's, or another copy of its sources (npm start's watch).
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parse } from 'yaml';

const root = process.argv[2] ? pathToFileURL(`${process.argv[2]}/`) : new URL('../', import.meta.url);
const here = new URL('dist/', root);
const doc = parse(readFileSync(new URL('openapi.yaml', here), 'utf8'));
writeFileSync(new URL('openapi.json', here), `${JSON.stringify(doc, null, 2)}\n`);
console.log('openapi: wrote dist/openapi.json');
const journeys = parse(readFileSync(new URL('arazzo/journeys.arazzo.yaml', root), 'utf8'));
writeFileSync(new URL('journeys.json', here), `${JSON.stringify(journeys, null, 2)}\n`);
console.log('openapi: wrote dist/journeys.json');
