// npm run build -w @tas/conformance (first step): the journeys' types, from the bundled description.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';

const HELP = `Usage: tsx scripts/generate.ts

Generates the types of the suite's journeys (openapi-typescript) into src/generated/api.ts from
the bundled description (@tas/openapi/openapi.yaml). Run by \`npm run build\`; types only, so the
published suite carries no dependency for them and nothing at run time reads them.

Options:
  --help      show this help`;

/** The bundled description the suite checks deployments against. */
export const SOURCE = pathToFileURL(createRequire(import.meta.url).resolve('@tas/openapi/openapi.yaml'));

/** The content of src/generated/api.ts. Pure: the staleness test compares it with the disk. */
export async function renderGenerated(): Promise<string> {
  // A body's property with a default stays optional: a deployment may omit it.
  return COMMENT_HEADER + astToString(await openapiTS(SOURCE, { silent: true, defaultNonNullable: false }));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (parseArgs({ options: { help: { type: 'boolean' } } }).values.help) console.log(HELP);
  else {
    const out = new URL('../src/generated/', import.meta.url);
    mkdirSync(out, { recursive: true });
    writeFileSync(new URL('api.ts', out), await renderGenerated());
    console.log(`conformance: generated src/generated/api.ts from ${SOURCE.pathname}`);
  }
}
