// Interface § "Resources and their fields": one test per row of each table.
import { describe, expect, it } from 'vitest';
import { nonNull, prop, requiredOf, schema, typesOf } from './helpers.js';

type Row = [field: string, types: string[], extra?: Record<string, unknown>];

function checkRow(resource: string, [field, types, extra]: Row) {
  const of = schema(resource);
  const p = prop(of, field);
  expect(p, `${resource}.${field} is defined`).toBeDefined();
  expect(requiredOf(of), `${resource}.${field} is always present`).toContain(field);
  expect(typesOf(p)).toEqual([...types].sort());
  for (const [key, value] of Object.entries(extra ?? {}))
    expect(nonNull(p)?.[key], `${resource}.${field}.${key}`).toEqual(value);
}

describe('Response envelope table', () => {
  it.each<Row>([
    ['data', []],
    ['successful', ['boolean']],
    ['messages', ['array']],
  ])('Envelope.%s', (...row) => {
    const of = schema('Envelope');
    expect(requiredOf(of)).toContain(row[0]);
    expect(typesOf(prop(of, row[0]))).toEqual(row[1]);
  });
});

describe('Record table', () => {
  it.each<Row>([
    ['token', ['string'], { format: 'uuid' }],
    ['test_id', ['string']],
    ['test_title', ['string']],
    ['status', ['integer'], { enum: [0, 1, 2] }],
    ['auth_required', ['boolean']],
    ['tests_auth_required', ['boolean']],
    ['is_finished', ['boolean']],
    ['role', ['integer', 'null']],
    ['profile', ['null', 'object']],
    ['submit_on', ['null', 'string'], { format: 'date-time' }],
    ['create', ['string'], { format: 'date-time' }],
  ])('TestRecord.%s', (...row) => checkRow('TestRecord', row));

  it('Record.profile is the Profile resource when linked', () => {
    expect(nonNull(prop(schema('TestRecord'), 'profile'))).toEqual(schema('Profile'));
  });
});

describe('Record detail: nested test object', () => {
  it.each([
    'id',
    'title',
    'questions_count',
    'doing_time_minutes',
    'min_age',
    'max_age',
    'gender_permission',
    'categories',
  ])('RecordDetail.test.%s', (field) => {
    const test = prop(schema('RecordDetail'), 'test');
    expect(test && requiredOf(test)).toContain(field);
    // Types of the nested test fields are "not shown": each one is marked assumed.
    expect(prop(test ?? {}, field)?.['x-assumed'] ?? prop(test ?? {}, field)?.description).toBeTruthy();
  });

  it('GET /record/{token}/ carries the nested test object', () => {
    expect(requiredOf(schema('RecordDetail'))).toContain('test');
  });
});

describe('Profile table', () => {
  it.each<Row>([
    ['token', ['string'], { format: 'uuid' }],
    ['external_id', ['integer', 'null']],
    ['case_number', ['string']],
    ['mobile', ['string'], { pattern: '^09[0-9]{9}$' }],
    ['name', ['string'], { maxLength: 50 }],
    ['age', ['integer']],
    ['birth', ['string'], { format: 'date' }],
    ['is_male', ['boolean']],
  ])('Profile.%s', (...row) => checkRow('Profile', row));

  it('Profile.external_id is optional on input', () => {
    expect(requiredOf(schema('ProfileInput'))).not.toContain('external_id');
    expect(typesOf(prop(schema('ProfileInput'), 'external_id'))).toEqual(['integer']);
  });
});

describe('Roadmap', () => {
  it.each<Row>([
    ['roles', ['array']],
    ['test_records', ['array']],
    ['tests_auth_required', ['boolean']],
  ])('Roadmap.%s', (...row) => checkRow('Roadmap', row));

  it('Roadmap is identified by a UUID token', () => checkRow('Roadmap', ['token', ['string'], { format: 'uuid' }]));

  it('Roadmap.roles: each role has an integer ID', () => {
    const role = prop(schema('Roadmap'), 'roles')?.items as Record<string, unknown>;
    expect(typesOf(prop(role, 'id'))).toEqual(['integer']);
    expect(requiredOf(role)).toContain('id');
  });
});

describe('Question table', () => {
  const question = () => schema('Question');
  const inner = () => prop(question(), 'question') ?? {};
  it('Question.num: string', () => expect(typesOf(prop(question(), 'num'))).toEqual(['string']));
  it('Question.question.text: string', () => expect(typesOf(prop(inner(), 'text'))).toEqual(['string']));
  it('Question.question.audio: string or null', () =>
    expect(typesOf(prop(inner(), 'audio'))).toEqual(['null', 'string']));
  it('Question.question.image: string or null', () =>
    expect(typesOf(prop(inner(), 'image'))).toEqual(['null', 'string']));
  it('Question.answer.text: boolean, true free text and false options', () => {
    const branches = (prop(question(), 'answer')?.oneOf ?? []) as Record<string, unknown>[];
    expect(branches.map((b) => prop(b, 'text')?.const).sort()).toEqual([false, true]);
  });
  it('Question.answer.options: array, present when answer.text is false', () => {
    const branches = (prop(question(), 'answer')?.oneOf ?? []) as Record<string, unknown>[];
    const choice = branches.find((b) => prop(b, 'text')?.const === false) ?? {};
    const text = branches.find((b) => prop(b, 'text')?.const === true) ?? {};
    expect(typesOf(prop(choice, 'options'))).toEqual(['array']);
    expect(requiredOf(choice)).toContain('options');
    expect(requiredOf(text)).not.toContain('options');
  });
});

describe('Option table', () => {
  it.each<Row>([
    ['id', ['integer']],
    ['num', ['string']],
    ['text', ['string']],
    ['audio', ['null', 'string']],
    ['image', ['null', 'string']],
  ])('Option.%s', (...row) => checkRow('Option', row));
});
