import { describe, expect, it } from 'vitest';
import { runGate } from '../src/gate.js';
import { base, type Loose } from './diff-fixture.js';

// The repository's own description against its latest release (checkWorkspace, two full diffs) is run
// by scripts/test/release.test.ts, whose npm run release must say "OK the gate passes" first.

const addField = (doc: ReturnType<typeof base>) => {
  const op = (doc.paths as Loose)['/record/'].post;
  op.responses['201'].content['application/json'].schema.properties.created = { type: 'string' };
};
const requireField = (doc: ReturnType<typeof base>) => {
  (doc.paths as Loose)['/record/'].post.requestBody.content['application/json'].schema.required.push('note');
};

const cases = [
  { name: 'no change, no bump', change: () => {}, version: '1.0.0', changelog: true, want: [] },
  { name: 'non-breaking change, minor bump, changelog', change: addField, version: '1.1.0', changelog: true, want: [] },
  {
    name: 'non-breaking change without a bump',
    change: addField,
    version: '1.0.0',
    changelog: true,
    want: ['bump it'],
  },
  {
    name: 'non-breaking change without a changelog entry',
    change: addField,
    version: '1.1.0',
    changelog: false,
    want: ['CHANGELOG.md'],
  },
  { name: 'breaking change, major bump, changelog', change: requireField, version: '2.0.0', changelog: true, want: [] },
  {
    name: 'breaking change with a minor bump',
    change: requireField,
    version: '1.1.0',
    changelog: true,
    want: ['need a major version'],
  },
  {
    name: 'breaking change without a bump',
    change: requireField,
    version: '1.0.0',
    changelog: true,
    want: ['bump it', 'need a major version'],
  },
  { name: 'a version going down', change: () => {}, version: '0.9.0', changelog: true, want: ['lower than'] },
];

describe('runGate', () => {
  it.each(cases)('$name', ({ change, version, changelog, want }) => {
    const working = base();
    change(working);
    working.info.version = version;
    const result = runGate({
      released: { version: '1.0.0', doc: base() },
      working,
      changelog: { committed: changelog ? 'entry' : 'old', expected: 'entry' },
    });
    expect(result.problems).toHaveLength(want.length);
    for (const [i, w] of want.entries()) expect(result.problems[i]).toContain(w);
    expect(result.ok).toBe(want.length === 0);
  });
});
