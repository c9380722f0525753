import { fileURLToPath } from 'node:url';
import { binScript } from './packages.js';
import type { Input } from './types.js';

export interface GenerateContext {
  /** The description the generator reads (the 3.1 or the 3.0 file, as `input` says). */
  input: string;
  /** The folder it writes into; journeys/<id>.ts imports from it. */
  out: string;
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
  /** How the matrix runs it, where that differs from a partner's first try. */
  notes: string[];
}

const script = (name: string) => fileURLToPath(new URL(`../scripts/${name}`, import.meta.url));

/** Every generator of issue 24 that installs from the npm registry, each with its defaults where it can. */
export const GENERATORS: Generator[] = [
  {
    id: 'hey-api',
    package: '@hey-api/openapi-ts',
    with: [],
    input: '3.1',
    command: ({ input, out }) => [
      binScript('@hey-api/openapi-ts', 'openapi-ts'),
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
    package: 'openapi-typescript',
    with: ['openapi-fetch'],
    input: '3.1',
    command: ({ input, out }) => [
      binScript('openapi-typescript', 'openapi-typescript'),
      input,
      '-o',
      `${out}/schema.ts`,
    ],
    notes: ['The same pair as the typed client this site offers.'],
  },
  {
    id: 'orval',
    package: 'orval',
    with: [],
    input: '3.1',
    command: ({ out }) => [binScript('orval', 'orval'), '--config', `${out}/orval.config.mjs`],
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
    package: 'swagger-typescript-api',
    with: [],
    input: '3.1',
    command: ({ input, out }) => [script('swagger-typescript-api.mjs'), input, out],
    notes: [
      'Run through `generateApi()`: its CLI writes `// @ts-nocheck` at the top of every file, which hides every type error; the files `generateApi()` returns carry no such line.',
    ],
  },
  {
    id: 'openapi-typescript-codegen',
    package: 'openapi-typescript-codegen',
    with: [],
    input: '3.0',
    command: ({ input, out }) => [
      binScript('openapi-typescript-codegen', 'openapi'),
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
    package: 'oazapfts',
    with: ['@oazapfts/runtime'],
    input: '3.1',
    command: ({ input, out }) => [binScript('oazapfts', 'oazapfts'), input, `${out}/api.ts`],
    notes: [],
  },
];
