// Writes the description's error examples, components/examples/Error*.yaml, from the error catalogue
// (src/error-catalogue.ts, built to dist/lib/ first): a message is written once, where it is thrown.
import { writeFileSync } from 'node:fs';
import { stringify } from 'yaml';
import { API_REFUSALS } from '../dist/lib/error-catalogue.js';

let written = 0;
for (const { code, text, example } of Object.values(API_REFUSALS)) {
  if (!example) continue;
  const message = { code, text: text(example.params), ...(example.field ? { field: example.field } : {}) };
  const value = { data: {}, successful: false, messages: [message] };
  const yaml = stringify({ summary: example.summary, value });
  const file = new URL(`../components/examples/${example.name}.yaml`, import.meta.url);
  writeFileSync(file, `# Written by scripts/error-examples.mjs from src/error-catalogue.ts: edit that.\n${yaml}`);
  written++;
}
console.log(`openapi: wrote ${written} error examples from the error catalogue`);
