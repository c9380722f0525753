// npm run build -w @tas/sandbox (first step): the handlers' types, from the descriptions they serve.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { listOperations, loadDescription, type OpenApiDocument } from '@tas/openapi';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
import { loadControlDescription } from '../src/control/description.js';

const HELP = `Usage: tsx scripts/generate.ts

Generates the types of the sandbox's handlers (openapi-typescript) into src/generated/:
api.ts from the bundled description (@tas/openapi/openapi.yaml), control.ts from
control.openapi.yaml, each with the query parameters its request check fills in
with their defaults. Run by \`npm run build\`; types only, so nothing at run time reads them.

Options:
  --help      show this help`;

/** The descriptions the sandbox serves: generated file name → where its description is, and the document. */
export const SOURCES: Record<string, { url: URL; doc: () => OpenApiDocument }> = {
  'api.ts': {
    url: pathToFileURL(createRequire(import.meta.url).resolve('@tas/openapi/openapi.yaml')),
    doc: loadDescription,
  },
  'control.ts': { url: new URL('../control.openapi.yaml', import.meta.url), doc: loadControlDescription },
};

/** File name → content. Pure: the staleness test compares it with the disk. */
export async function renderGenerated(): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const [name, { url, doc }] of Object.entries(SOURCES))
    files[name] =
      COMMENT_HEADER +
      // A body's property with a default stays optional: the request check does not fill it in.
      astToString(await openapiTS(url, { silent: true, defaultNonNullable: false })) +
      renderDefaulted(doc());
  return files;
}

/**
 * The parameters with a default, by operationId: checkRequest (@tas/openapi) fills them in, so a
 * handler reads them as present, where openapi-typescript types them as optional.
 */
function renderDefaulted(doc: OpenApiDocument): string {
  const lines = listOperations(doc).map((op) => {
    const names = op.parameters.filter((p) => p.schema.default !== undefined).map((p) => JSON.stringify(p.name));
    return `    ${op.operationId}: ${names.length ? names.join(' | ') : 'never'};`;
  });
  return [
    '/** The parameters the request check fills in with their defaults, by operationId (scripts/generate.ts). */',
    'export interface defaulted {',
    ...lines,
    '}',
    '',
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (parseArgs({ options: { help: { type: 'boolean' } } }).values.help) console.log(HELP);
  else {
    const files = await renderGenerated();
    const out = new URL('../src/generated/', import.meta.url);
    mkdirSync(out, { recursive: true });
    for (const [name, content] of Object.entries(files)) writeFileSync(new URL(name, out), content);
    const from = Object.values(SOURCES).map((s) => s.url.pathname);
    console.log(`sandbox: generated src/generated/ from ${from.join(' and ')}`);
  }
}
