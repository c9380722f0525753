import { describe, expect, it } from 'vitest';
import { type ChangeKind, compareDescriptions } from '../src/changes.js';
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
  {
    name: 'an extension (x-…) added to a response field: no validator reads it',
    change: (d) => (resSchema(d).properties.state['x-normalise'] = [{ step: 'trim' }]),
    want: 'annotation',
  },
  {
    // The library calls the extension breaking once the schema around it changes too.
    name: 'an extension (x-…) added beside a new optional response field: no worse than the field',
    change: (d) => {
      resSchema(d).properties.state['x-normalise'] = [{ step: 'trim' }];
      resSchema(d).properties.note = { type: 'string', maxLength: 100 };
    },
    want: 'non-breaking',
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

const sc = (d: Doc): Loose => (d as Loose).components.schemas;

describe('a rewrite that keeps the same JSON Schema meaning is an annotation; one that does not, is not', () => {
  // The 201 answer as an envelope over a shared `Item` schema, written the 2.0.1 way: allOf over an
  // untyped envelope, narrowed per operation.
  const enveloped = (): Doc => {
    const d = base() as Doc;
    (d as Loose).components.schemas = {
      Envelope: {
        type: 'object',
        required: ['data', 'successful', 'messages'],
        properties: {
          data: { description: 'Payload.' },
          successful: { type: 'boolean' },
          messages: { type: 'array', maxItems: 100, items: { type: 'string', maxLength: 10 } },
        },
      },
      Item: {
        type: 'object',
        properties: {
          id: { type: 'string', format: 'uuid', maxLength: 36 },
          at: { type: 'string', format: 'date-time', maxLength: 35 },
        },
      },
    };
    op(d).responses['201'].content['application/json'].schema = {
      allOf: [
        { $ref: '#/components/schemas/Envelope' },
        {
          type: 'object',
          required: ['data'],
          properties: { data: { $ref: '#/components/schemas/Item' }, successful: { type: 'boolean', const: true } },
        },
      ],
    };
    return d;
  };
  const envelopeOf = (d: Doc) => op(d).responses['201'].content['application/json'];
  const rename = (d: Doc, from: string, to: string) => {
    sc(d)[to] = sc(d)[from];
    delete sc(d)[from];
    const text = JSON.stringify(d).replaceAll(`"#/components/schemas/${from}"`, `"#/components/schemas/${to}"`);
    Object.assign(d, JSON.parse(text));
  };
  const perPayload = (d: Doc) => {
    sc(d).ItemEnvelope = {
      type: 'object',
      description: 'The envelope of an Item.',
      required: ['data', 'successful', 'messages'],
      properties: {
        data: { $ref: '#/components/schemas/Item' },
        successful: { type: 'boolean', const: true },
        messages: { type: 'array', maxItems: 100, items: { type: 'string', maxLength: 10 } },
      },
    };
    envelopeOf(d).schema = { $ref: '#/components/schemas/ItemEnvelope' };
  };

  const cases: {
    name: string;
    given?: (d: Doc) => void;
    change: (d: Doc) => void;
    want: ChangeKind;
    rewrite: boolean;
  }[] = [
    {
      name: 'a schema renamed, every $ref following',
      change: (d) => rename(d, 'Item', 'TestItem'),
      want: 'annotation',
      rewrite: true,
    },
    {
      name: 'allOf over the envelope replaced by a per-payload envelope',
      change: perPayload,
      want: 'non-breaking',
      rewrite: true,
    },
    {
      name: 'the envelope replaced and its payload renamed together',
      change: (d) => {
        perPayload(d);
        rename(d, 'Item', 'TestItem');
      },
      want: 'non-breaking',
      rewrite: true,
    },
    {
      name: 'a maxLength dropped beside format uuid (36) and date-time (35)',
      change: (d) => {
        delete sc(d).Item.properties.id.maxLength;
        delete sc(d).Item.properties.at.maxLength;
      },
      want: 'annotation',
      rewrite: true,
    },
    // What changes the values is still judged as before.
    {
      name: 'a maxLength shorter than the format implies, dropped from an answer',
      given: (d) => (sc(d).Item.properties.id.maxLength = 20),
      change: (d) => delete sc(d).Item.properties.id.maxLength,
      want: 'breaking',
      rewrite: false,
    },
    {
      name: 'a schema renamed and a field removed from it',
      change: (d) => {
        rename(d, 'Item', 'TestItem');
        delete sc(d).TestItem.properties.at;
      },
      want: 'breaking',
      rewrite: false,
    },
    {
      name: 'a per-payload envelope whose successful is no longer a const',
      change: (d) => {
        perPayload(d);
        delete sc(d).ItemEnvelope.properties.successful.const;
      },
      want: 'breaking',
      rewrite: false,
    },
  ];

  it.each(cases)('$name → $want', ({ given, change, want, rewrite }) => {
    const before = enveloped();
    given?.(before);
    const after = structuredClone(before);
    change(after);
    const changes = compareDescriptions(before, after);
    expect(changes.length).toBeGreaterThan(0);
    const order: ChangeKind[] = ['annotation', 'non-breaking', 'breaking'];
    const worst = changes.map((c) => order.indexOf(c.kind)).reduce((a, b) => Math.max(a, b), 0);
    expect(order[worst]).toBe(want);
    // The answer's own schema is a rewrite exactly when the values it accepts are the same.
    const inAnswer = changes.filter((c) => c.operation);
    expect(inAnswer.every((c) => (c.rewrite ?? false) === rewrite)).toBe(true);
  });
});
