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
        '<td data-label="Generator"><code>gen</code></td><td data-label="Version">1.0.0</td>',
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
      want: ['3.0: <a href="openapi-3.0.json" download>openapi-3.0.json</a>', 'With <code>rt 2.0.0</code>.'],
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
      want: ['Map.groupBy is not a function', 'id="node-20"', 'Map.groupBy = (items, key)', 'npx orval'],
      not: ['declares Node'],
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
