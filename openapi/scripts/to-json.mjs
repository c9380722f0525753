// Writes dist/openapi.json from the bundled dist/openapi.yaml, so both files say the same thing, and
// dist/journeys.json from the Arazzo workflows, so that reading the journeys needs no YAML parser.
import { readFileSync, writeFileSync } from 'node:fs';
import { parse } from 'yaml';

const here = new URL('../dist/', import.meta.url);
const doc = parse(readFileSync(new URL('openapi.yaml', here), 'utf8'));
writeFileSync(new URL('openapi.json', here), `${JSON.stringify(doc, null, 2)}\n`);
console.log('openapi: wrote dist/openapi.json');
const journeys = parse(readFileSync(new URL('../arazzo/journeys.arazzo.yaml', import.meta.url), 'utf8'));
writeFileSync(new URL('journeys.json', here), `${JSON.stringify(journeys, null, 2)}\n`);
console.log('openapi: wrote dist/journeys.json');
