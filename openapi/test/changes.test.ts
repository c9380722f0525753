import { describe, expect, it } from 'vitest';
import { type ChangeKind, compareDescriptions } from '../src/diff/changes.js';
import { base, type Loose } from './diff-fixture.js';

type Doc = ReturnType<typeof base> & Record<string, Loose>;
const op = (d: Doc) => (d.paths as Loose)['/record/'].post;
const reqSchema = (d: Doc) => op(d).requestBody.content['application/json'].schema;
const resSchema = (d: Doc) => op(d).responses['201'].content['application/json'].schema;

const cases: { name: string; change: (d: Doc) => void; want: ChangeKind; assumed?: boolean }[] = [
  // breaking
  { name: 'an operation removed', change: (d) => delete (d.paths as Loose)['/record/{id}/'], want: 'breaking' },
  { name: 'a response removed', change: (d) => delete op(d).responses['400'], want: 'breaking' },
  {
    name: 'a status code changed',
    change: (d) => {
      op(d).responses['200'] = op(d).responses['201'];
      delete op(d).responses['201'];
    },
    want: 'breaking',
  },
  { name: 'a response field removed', change: (d) => delete resSchema(d).properties.id, want: 'breaking' },
  {
    name: 'an output enum value removed',
    change: (d) => (resSchema(d).properties.state.enum = ['open']),
    want: 'breaking',
  },
  {
    name: 'an output enum widened',
    change: (d) => resSchema(d).properties.state.enum.push('archived'),
    want: 'breaking',
  },
  { name: 'an input enum narrowed', change: (d) => (reqSchema(d).properties.gender.enum = ['male']), want: 'breaking' },
  { name: 'a request field newly required', change: (d) => reqSchema(d).required.push('note'), want: 'breaking' },
  { name: 'a parameter newly required', change: (d) => (op(d).parameters[0].required = true), want: 'breaking' },
  {
    name: 'a request field type changed',
    change: (d) => (reqSchema(d).properties.name.type = 'integer'),
    want: 'breaking',
  },
  {
    name: 'an input pattern added',
    change: (d) => (reqSchema(d).properties.note.pattern = '^[a-z]+$'),
    want: 'breaking',
  },
  { name: 'an input bound narrowed', change: (d) => (reqSchema(d).properties.name.maxLength = 20), want: 'breaking' },
  { name: 'the security changed', change: (d) => (d.security = [{ Bearer: [] }]), want: 'breaking' },
  // non-breaking
  {
    name: 'an optional response field added',
    change: (d) => (resSchema(d).properties.created = { type: 'string' }),
    want: 'non-breaking',
  },
  {
    name: 'an optional request field added',
    change: (d) => (reqSchema(d).properties.city = { type: 'string' }),
    want: 'non-breaking',
  },
  {
    name: 'an operation added',
    change: (d) => ((d.paths as Loose)['/roadmap/'] = { get: { responses: { '200': { description: 'OK' } } } }),
    want: 'non-breaking',
  },
  {
    name: 'an input bound widened',
    change: (d) => (reqSchema(d).properties.name.maxLength = 80),
    want: 'non-breaking',
  },
  {
    name: 'an input enum widened',
    change: (d) => reqSchema(d).properties.gender.enum.push('other'),
    want: 'non-breaking',
  },
  // annotation
  { name: 'a description changed', change: (d) => (op(d).description = 'Makes a record.'), want: 'annotation' },
  {
    name: 'an example changed',
    change: (d) => (op(d).responses['201'].content['application/json'].example = { id: 2, state: 'open' }),
    want: 'annotation',
  },
  // assumed: reported as such, still a change
  {
    name: 'an x-assumed response field removed',
    change: (d) => delete resSchema(d).properties.token,
    want: 'breaking',
    assumed: true,
  },
];

describe('compareDescriptions classifies each kind of change', () => {
  it.each(cases)('$name → $want', ({ change, want, assumed }) => {
    const after = base() as Doc;
    change(after);
    const changes = compareDescriptions(base(), after);
    expect(changes.map((c) => c.kind)).toContain(want);
    // The worst class present is the one wanted: a breaking change is never hidden behind a milder one.
    const order: ChangeKind[] = ['annotation', 'non-breaking', 'breaking'];
    const worst = changes.map((c) => order.indexOf(c.kind)).reduce((a, b) => Math.max(a, b), 0);
    expect(order[worst]).toBe(want);
    expect(changes.some((c) => c.assumed)).toBe(assumed ?? false);
  });

  it('finds nothing between a description and itself, nor in the version bump alone', () => {
    const after = base();
    after.info.version = '1.1.0';
    expect(compareDescriptions(base(), after)).toEqual([]);
  });

  it('names the operation a change sits in', () => {
    const after = base() as Doc;
    delete op(after).responses['400'];
    const [change] = compareDescriptions(base(), after);
    expect(change?.operation).toEqual({ method: 'POST', path: '/record/', operationId: 'createRecord' });
    expect(change?.text).toContain('POST /record/');
  });
});

describe('compareDescriptions leaves its inputs as they were', () => {
  it('gives the same answer when asked twice with the same documents (the library mutates what it is given)', () => {
    const before = base();
    const after = base() as Doc;
    resSchema(after).properties.created = { type: 'string' };
    const first = compareDescriptions(before, after);
    expect(compareDescriptions(before, after)).toEqual(first);
    expect(before).toEqual(base());
  });
});

describe('a type added beside a const of that type admits the same values: an annotation', () => {
  const withConst = (where: (d: Doc) => Loose) => {
    const before = base() as Doc;
    where(before).properties.flag = { const: true };
    return before;
  };
  it.each([
    ['in a response', resSchema, { type: 'boolean' }, 'annotation'],
    ['in a request', reqSchema, { type: 'boolean' }, 'annotation'],
    // Another type narrows what a partner may send or read: the library's own verdict stands.
    ['of another type, in a request', reqSchema, { type: 'string' }, 'breaking'],
  ] as const)('%s', (_name, where, added, want) => {
    const before = withConst(where);
    const after = withConst(where);
    Object.assign(where(after).properties.flag, added);
    const kinds = compareDescriptions(before, after).map((c) => c.kind);
    expect(kinds.length).toBeGreaterThan(0);
    expect([...new Set(kinds)]).toEqual([want]);
  });
});
