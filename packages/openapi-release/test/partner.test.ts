import { loadDescription } from '@tas/openapi';
import { describe, expect, it } from 'vitest';
import { compareDescriptions } from '../src/changes.js';
import { partnerChanges } from '../src/partner.js';
import type { Loose } from './diff-fixture.js';

// The Changes page's sentences, from real edits of this description: one sentence per change a
// partner meets, naming the schema and the operations where it shows, never a pointer or backticks.
type Doc = Record<string, Loose>;
const schemas = (d: Doc) => d.components.schemas;
const cases: [string, (d: Doc) => void, { text: string; kind: string; operations: string[] }[]][] = [
  [
    'an optional field on a shared schema',
    (d) => (schemas(d).TestRecord.properties.test_description = { type: 'string' }),
    [
      {
        text: 'TestRecord: new field test_description',
        kind: 'non-breaking',
        operations: [
          'GET /record/',
          'GET /record/{token}/',
          'POST /record/{token}/',
          'POST /record/{token}/auth/',
          'PUT /record/{token}/auth/verify/',
          // Roadmap's test_records refer to TestRecord: the same change, not a second one.
          'GET /roadmap/{token}/',
        ],
      },
    ],
  ],
  [
    'a required request field',
    (d) => {
      schemas(d).RecordAuthRequest.properties.locale = { type: 'string' };
      schemas(d).RecordAuthRequest.required.push('locale');
    },
    [
      { text: 'RecordAuthRequest: locale now required', kind: 'breaking', operations: ['POST /record/{token}/auth/'] },
      { text: 'RecordAuthRequest: new field locale', kind: 'breaking', operations: ['POST /record/{token}/auth/'] },
    ],
  ],
  [
    'an operation removed',
    (d) => delete d.paths['/record/{token}/result/'],
    [{ text: 'GET /record/{token}/result/ removed', kind: 'breaking', operations: ['GET /record/{token}/result/'] }],
  ],
  [
    'a new status on an operation',
    (d) => (d.paths['/record/'].get.responses['418'] = d.paths['/record/'].get.responses['400']),
    [{ text: 'GET /record/: may answer 418', kind: 'non-breaking', operations: ['GET /record/'] }],
  ],
];

describe('partnerChanges', () => {
  it.each(cases)(
    '%s',
    (_, edit, want) => {
      const before = loadDescription();
      const after = structuredClone(before) as Doc;
      edit(after);
      const got = partnerChanges(compareDescriptions(before, after as typeof before));
      expect(
        got.map((c) => ({ text: c.text, kind: c.kind, operations: c.operations.map((o) => `${o.method} ${o.path}`) })),
      ).toEqual(want);
    },
    60_000,
  );

  it('a bound and a description on a nested field read as sentences, without keywords or paths', () => {
    const before = loadDescription();
    const after = structuredClone(before) as Doc;
    schemas(after).TestSummary.properties.title.maxLength = 100;
    schemas(after).TestSummary.properties.title.description = 'New words';
    schemas(after).TestSummary.properties.gender_permission.enum.push('other');
    const texts = partnerChanges(compareDescriptions(before, after as typeof before)).map((c) => c.text);
    expect(texts).toContain('TestSummary: title now at most 100 characters (was 200)');
    expect(texts).toContain('TestSummary: description of title reworded');
    expect(texts).toContain('TestSummary: new value other for gender_permission');
    for (const text of texts) expect(text).not.toMatch(/`|properties\.|allOf|\/components\/|in schemas/);
  });
});
