import { mkdirSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { descriptionPath, renderGenerated } from './render-generated.js';

const HELP = `Usage: tsx scripts/generate.ts [--out DIR]

Generates the client's types (openapi-typescript) and its operation table from the bundled
description (${descriptionPath}) into src/generated/. Run by \`npm run build\`.

Options:
  --out DIR   where to write (default: src/generated next to this script)
  --help      show this help`;

const { values } = parseArgs({ options: { out: { type: 'string' }, help: { type: 'boolean' } } });
if (values.help) {
  console.log(HELP);
  process.exit(0);
}
const out = values.out ?? new URL('../src/generated/', import.meta.url).pathname;
mkdirSync(out, { recursive: true });
for (const [name, content] of Object.entries(await renderGenerated())) writeFileSync(`${out}/${name}`, content);
console.log(`generated src/generated/ from ${descriptionPath}`);
