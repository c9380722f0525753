import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generate } from '../src/generate.js';
import type { Generator } from '../src/generators.js';

// A generator is any node command line: these stand in for one that calls Map.groupBy, one that
// fails for another reason and one that works, so the Node 20 path is proven without a real one.
const fake = (script: string): Generator => ({
  id: 'fake',
  package: 'fake',
  with: [],
  input: '3.1',
  quickStart: [],
  command: () => ['--input-type=module', '-e', script],
  notes: [],
});
const node20 = Number(process.versions.node.split('.')[0]) < 21;

const cases: [string, { given: string; want: { verdict: string; notes: RegExp[] } }][] = [
  ['a generator that works', { given: 'process.exit(0)', want: { verdict: 'ok', notes: [] } }],
  [
    'one that fails for another reason: the reason, no retry',
    {
      given: "console.error('Error: cannot read the input'); process.exit(1)",
      want: { verdict: 'fail', notes: [/^Generation fails: Error: cannot read the input$/] },
    },
  ],
  [
    node20
      ? 'one that calls Map.groupBy on Node 20: works with the polyfill, and says so'
      : 'one that calls Map.groupBy',
    {
      given: 'Map.groupBy([1, 2], (n) => n % 2)',
      want: node20
        ? { verdict: 'ok', notes: [/^Fails on Node 20: `Map.groupBy is not a function`.*NODE_OPTIONS="--import/] }
        : { verdict: 'ok', notes: [] },
    },
  ],
];

describe('generate: one generator on this Node', () => {
  it.each(cases)('%s', async (_name, { given, want }) => {
    const out = join(mkdtempSync(join(tmpdir(), 'tas-generate-')), 'out');
    const result = await generate(fake(given), { input: 'in.json', out }, process.cwd());
    expect(result.verdict).toBe(want.verdict);
    expect(result.notes).toHaveLength(want.notes.length);
    for (const [i, pattern] of want.notes.entries()) expect(result.notes[i]).toMatch(pattern);
  });
});
