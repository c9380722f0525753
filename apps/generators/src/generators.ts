import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { binScript } from './packages.js';
import type { Input } from './types.js';

export interface GenerateContext {
  /** The description the generator reads (the 3.1 or the 3.0 file, as `input` says). */
  input: string;
  /** The folder it writes into; journeys/<id>.ts imports from it. */
  out: string;
  /** A project folder whose own install (a quick start's) runs the generator; else this workspace's. */
  from?: string;
}

export interface Generator {
  /** The folder name: generated/<id>/ and journeys/<id>.ts. */
  id: string;
  /** The npm package a partner installs to generate. */
  package: string;
  /** What the generated code needs at run time, installed beside it. */
  with: string[];
  input: Input;
  /** The generation as the arguments of `node`, run in the workspace folder. */
  command(ctx: GenerateContext): string[];
  /** Files the command reads (its configuration), written into `out` first. */
  files?(ctx: GenerateContext): Record<string, string>;
  /** Its own quick start's install commands, as its README or guide gives them (no versions). */
  quickStart: string[];
  /** How the matrix runs it, where that differs from a partner's first try. */
  notes: string[];
}

/** A script of ours that imports the generator: copied into `from` so that it imports that install's. */
function script(name: string, from?: string): string {
  const file = fileURLToPath(new URL(`../scripts/${name}`, import.meta.url));
  if (!from) return file;
  copyFileSync(file, join(from, name));
  return join(from, name);
}

/** Every generator of issue 24 that installs from the npm registry, each with its defaults where it can. */
export const GENERATORS: Generator[] = [
  {
    id: 'hey-api',
    quickStart: ['npm install @hey-api/openapi-ts -D -E'],
    package: '@hey-api/openapi-ts',
    with: [],
    input: '3.1',
    command: ({ input, out, from }) => [
      binScript('@hey-api/openapi-ts', 'openapi-ts', from),
      '-i',
      input,
      '-o',
      out,
      '--no-log-file',
    ],
    notes: ['Default plugins (types, SDK, its bundled Fetch client).'],
  },
  {
    id: 'openapi-typescript',
    quickStart: ['npm i openapi-fetch', 'npm i -D openapi-typescript typescript'],
    package: 'openapi-typescript',
    with: ['openapi-fetch'],
    input: '3.1',
    command: ({ input, out, from }) => [
      binScript('openapi-typescript', 'openapi-typescript', from),
      input,
      '-o',
      `${out}/schema.ts`,
    ],
    notes: ['The same pair as the typed client this site offers.'],
  },
  {
    id: 'orval',
    quickStart: ['npm install orval -D'],
    package: 'orval',
    with: [],
    input: '3.1',
    command: ({ out, from }) => [binScript('orval', 'orval', from), '--config', `${out}/orval.config.mjs`],
    files: ({ input, out }) => ({
      'orval.config.mjs': `export default {
  tas: {
    input: { target: ${JSON.stringify(input)} },
    output: {
      mode: 'tags-split',
      target: ${JSON.stringify(`${out}/api.ts`)},
      schemas: ${JSON.stringify(`${out}/model`)},
      client: 'fetch',
      baseUrl: { runtime: 'process.env.TAS_BASE_URL' },
    },
  },
};
`,
    }),
    notes: [
      "The configuration of orval's Fetch guide: `tags-split`, models in their own folder, the address at run time from `baseUrl.runtime`.",
    ],
  },
  {
    id: 'swagger-typescript-api',
    quickStart: ['npm install --save-dev swagger-typescript-api'],
    package: 'swagger-typescript-api',
    with: [],
    input: '3.1',
    command: ({ input, out, from }) => [script('swagger-typescript-api.mjs', from), input, out],
    notes: [
      'Run through `generateApi()`: its CLI writes `// @ts-nocheck` at the top of every file, which hides every type error; the files `generateApi()` returns carry no such line.',
    ],
  },
  {
    id: 'openapi-typescript-codegen',
    quickStart: ['npm install openapi-typescript-codegen --save-dev'],
    package: 'openapi-typescript-codegen',
    with: [],
    input: '3.0',
    command: ({ input, out, from }) => [
      binScript('openapi-typescript-codegen', 'openapi', from),
      '--input',
      input,
      '--output',
      out,
      '--client',
      'fetch',
    ],
    notes: [
      'Reads OpenAPI 3.0 only: the 3.0 download. Fetch client.',
      "Types a boolean `enum` (3.0's form of `const`) as `boolean`: it reads only string and number enums. Tell the variants apart by a field of their own (`'record' in result`, `'options' in answer`), not by `tests_auth_required` or `answer.text`.",
    ],
  },
  {
    id: 'oazapfts',
    quickStart: ['npm install oazapfts', 'npm install @oazapfts/runtime'],
    package: 'oazapfts',
    with: ['@oazapfts/runtime'],
    input: '3.1',
    command: ({ input, out, from }) => [binScript('oazapfts', 'oazapfts', from), input, `${out}/api.ts`],
    notes: [],
  },
];
