import { Converter } from '@apiture/openapi-down-convert';
import { Validator } from '@seriousme/openapi-schema-validator';
import { loadDescription } from '@tas/openapi';
import { describe, expect, it } from 'vitest';
import { conversionChanges } from '../src/builder/openapi30/changes.js';
import { convertTo30 } from '../src/builder/openapi30/convert.js';
import { prepareFor30 } from '../src/builder/openapi30/prepare.js';
import { CONVERSION_KINDS, conversionSection } from '../src/guide/conversion.js';

const doc = loadDescription() as unknown as Record<string, unknown>;
const count = (text: string, word: string) => text.split(word).length - 1;

describe('the description as OpenAPI 3.0', () => {
  it('is valid OpenAPI 3.0 to the 3.0 JSON Schema, and keeps every x- extension', async () => {
    const doc30 = await convertTo30(doc);
    const validator = new Validator();
    expect(await validator.validate(structuredClone(doc30))).toEqual({ valid: true });
    expect([validator.version, doc30.openapi]).toEqual(['3.0', '3.0.3']);
    const [text, text30] = [JSON.stringify(doc), JSON.stringify(doc30)];
    // Every one kept; a nullable reference's copy repeats those of the schema it names.
    for (const ext of ['"x-assumed"', '"x-assumed-responses"', '"x-internal"'])
      expect(count(text30, ext), ext).toBeGreaterThanOrEqual(count(text, ext));
    // No 3.1-only keyword is left anywhere.
    expect(text30).not.toMatch(/"const":|"type":\[|"type":"null"|"exclusiveM(in|ax)imum":\d/);
  });

  it('needs our pass: the converter alone leaves constructs 3.0 rejects', async () => {
    const alone = new Converter(structuredClone(doc), {}).convert() as Record<string, unknown>;
    expect((await new Validator().validate(alone)).valid).toBe(false);
  });

  it('lists every kind of change it made, each explained, with its count', async () => {
    const doc30 = await convertTo30(doc);
    const groups = conversionChanges(doc, doc30);
    expect(groups.map((g) => g.signature).filter((s) => !CONVERSION_KINDS[s])).toEqual([]);
    expect(groups.map((g) => g.signature)).toEqual(expect.arrayContaining(['-const', '-oneOf', '~openapi']));
    const html = conversionSection(groups);
    for (const g of groups) expect(html).toMatch(new RegExp(`<td[^>]*>${g.nodes.length}</td>`));
    expect(html).not.toContain('not described yet');
    // Short on a phone: long texts (info.description) cut to their start and length, examples folded.
    expect(html).not.toContain((doc.info as { description: string }).description.slice(0, 200));
    expect(html).toMatch(/… \(\d+ characters\)/);
    expect(html.length).toBeLessThan(40_000);
  });
});

describe('prepareFor30 rewrites what the converter leaves', () => {
  it.each([
    ['const false', { const: false }, { enum: [false], type: 'boolean' }],
    ['const 0 with a type', { type: 'integer', const: 0 }, { type: 'integer', enum: [0] }],
    [
      'exclusiveMinimum number',
      { type: 'number', exclusiveMinimum: 0 },
      { type: 'number', minimum: 0, exclusiveMinimum: true },
    ],
    [
      'oneOf with null, inline',
      { description: 'd', oneOf: [{ type: 'integer', minimum: 2 }, { type: 'null' }] },
      { description: 'd', nullable: true, type: 'integer', minimum: 2 },
    ],
    [
      'oneOf with null, a $ref to a schema without a type (none here): kept as a reference',
      { oneOf: [{ $ref: '#/components/schemas/A' }, { type: 'null' }] },
      { nullable: true, allOf: [{ $ref: '#/components/schemas/A' }] },
    ],
    ['an example holding const, left alone', { example: { const: false } }, { example: { const: false } }],
  ])('%s', (_, given, want) => {
    const out = prepareFor30({ openapi: '3.1.0', info: {}, components: { schemas: { S: given } } });
    expect((out.components as { schemas: { S: unknown } }).schemas.S).toEqual(want);
  });

  it('makes a nullable $ref a nullable copy of the schema it names (3.0 allows nullable only beside a type)', () => {
    const out = prepareFor30({
      openapi: '3.1.0',
      info: {},
      components: {
        schemas: {
          Id: { type: 'integer', minimum: 1, description: 'An id.' },
          S: { description: 'The id, or null.', oneOf: [{ $ref: '#/components/schemas/Id' }, { type: 'null' }] },
        },
      },
    });
    expect((out.components as { schemas: { S: unknown } }).schemas.S).toEqual({
      description: 'The id, or null.',
      nullable: true,
      type: 'integer',
      minimum: 1,
    });
  });

  it('moves info.summary to the head of the description', () => {
    expect(prepareFor30({ info: { title: 't', summary: 'S.', description: 'D.' } }).info).toEqual({
      title: 't',
      description: 'S.\n\nD.',
    });
  });
});

describe('conversionChanges groups what differs by the keywords lost or changed', () => {
  it.each([
    ['a const', { a: { const: 1 } }, { a: { enum: [1] } }, [['-const', ['/a']]]],
    ['a changed value', { openapi: '3.1.0' }, { openapi: '3.0.3' }, [['~openapi', ['']]]],
    ['nothing', { a: { b: 1 } }, { a: { b: 1 } }, []],
    ['only added', { a: {} }, { a: { nullable: true } }, [['+nullable', ['/a']]]],
  ])('%s', (_, before, after, want) => {
    expect(conversionChanges(before, after).map((g) => [g.signature, g.nodes.map((n) => n.pointer)])).toEqual(want);
  });
});
