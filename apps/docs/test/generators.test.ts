import { describe, expect, it } from 'vitest';
import { type GeneratorMatrix, type GeneratorRow, generatorsSection } from '../src/guide/generators.js';

const row = (over: Partial<GeneratorRow>): GeneratorRow => ({
  generator: 'gen',
  version: '1.0.0',
  with: [],
  input: '3.1',
  engines: null,
  generate: 'ok',
  compile: 'ok',
  journey: 'ok',
  typed: 'ok',
  notes: [],
  ...over,
});
const POLYFILL_NOTE =
  'Fails on Node 20: `Map.groupBy is not a function` (Node 21+). Works with a polyfill loaded first: `NODE_OPTIONS="--import ./map-groupby.mjs"`.';

// The Downloads section renders what the matrix's run wrote: given its rows, want these phrases.
const cases: [string, { given: GeneratorMatrix | undefined; want: string[]; not?: string[] }][] = [
  [
    'a generator proven on both Nodes: one line for both',
    {
      given: { runs: { '20': [row({})], '22': [row({})] } },
      want: [
        '<td data-label="Generator"><code>gen</code></td><td data-label="Installed">Pinned: gen 1.0.0',
        'On Node 20 and 22: <strong>proven</strong>',
      ],
    },
  ],
  [
    'verdicts that differ by Node: one line each, the failed step in bold',
    {
      given: { runs: { '20': [row({ typed: 'fail' })], '22': [row({})] } },
      want: [
        'On Node 20: generates',
        '<strong>payloads typed <code>any</code></strong>',
        'On Node 22: <strong>proven</strong>',
      ],
    },
  ],
  [
    'the 3.0 input links the 3.0 download; the runtime beside it is named',
    {
      given: { runs: { '20': [row({ input: '3.0', with: ['rt 2.0.0'] })] } },
      want: ['3.0: <a href="openapi-3.0.json" download>openapi-3.0.json</a>', 'Pinned: gen 1.0.0, rt 2.0.0'],
    },
  ],
  [
    'a Node 20 failure with the polyfill: the caveat, the polyfill and the command',
    {
      given: {
        runs: {
          '20': [row({ generator: 'orval', engines: '>=22.18.0', notes: [POLYFILL_NOTE] })],
          '22': [row({ generator: 'orval', engines: '>=22.18.0' })],
        },
      },
      want: [
        'Map.groupBy is not a function',
        'id="node-20"',
        'Map.groupBy = (items, key)',
        'npx orval',
        'On Node 20: <strong>proven with the <a href="#node-20">Map.groupBy polyfill</a></strong>',
        'On Node 22: <strong>proven</strong>',
      ],
      not: ['declares Node', 'On Node 20: <strong>proven</strong>'],
    },
  ],
  [
    'a package declaring a newer Node than one it ran on: said',
    {
      given: { runs: { '20': [row({ engines: '>=22.18.0' })] } },
      want: ['Its package declares Node &gt;=22.18.0; here it also ran on Node 20.'],
      not: ['id="node-20"'],
    },
  ],
  [
    'a quick start beside the pinned row: its command, what npm installed on each Node, its verdicts, the exact install',
    {
      given: {
        runs: { '20': [row({ exact: 'npm install -D -E gen@1.0.0 typescript@5.9.3' })] },
        quickStart: {
          date: '2026-11-25',
          runs: {
            '20': [
              row({
                version: '0.9.0',
                typescript: '7.0.2',
                install: 'quick start',
                exact: 'npm install -D -E gen@0.9.0 typescript@7.0.2',
                generate: 'fail',
                compile: 'not run',
                journey: 'not run',
                typed: 'not run',
                notes: [
                  'Quick start: `npm install gen -D`.',
                  "Generation fails: TypeError: Cannot read properties of undefined (reading 'LineFeed')",
                ],
              }),
            ],
            '22': [
              row({
                version: '1.0.0',
                typescript: '7.0.2',
                install: 'quick start',
                notes: ['Quick start: `npm install gen -D`.'],
              }),
            ],
          },
        },
      },
      want: [
        'Its own quick start, as run on 2026-11-25: <code>npm install gen -D</code>',
        'On Node 20, npm installed gen 0.9.0, TypeScript 7.0.2<br>Exactly these: <code class="command">npm install -D -E gen@0.9.0 typescript@7.0.2</code>',
        '<strong>does not generate</strong>',
        'reading &#39;LineFeed&#39;',
        'On Node 22, npm installed gen 1.0.0, TypeScript 7.0.2',
        'Pinned: gen 1.0.0<br>Exactly these: <code class="command">npm install -D -E gen@1.0.0 typescript@5.9.3</code>',
      ],
    },
  ],
  ['no matrix: said, no table', { given: { runs: {} }, want: ['results were not available'], not: ['<table'] }],
];

describe('the Downloads section of code generators', () => {
  it.each(cases)('%s', (_name, { given, want, not = [] }) => {
    const html = generatorsSection(given);
    for (const w of want) expect(html).toContain(w);
    for (const n of not) expect(html).not.toContain(n);
  });

  it('reads the matrix the generators test wrote: every generator, on every Node it was run on', () => {
    const html = generatorsSection();
    expect(html).toContain('<h2 id="generators">Code generators</h2>');
    for (const g of ['@hey-api/openapi-ts', 'openapi-typescript', 'orval', 'swagger-typescript-api', 'oazapfts'])
      expect(html).toContain(`<code>${g}</code>`);
  });
});
