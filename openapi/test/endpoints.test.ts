// Interface § "Endpoints": every endpoint, the roadmap auth body and response tables, questions and submit.
import { describe, expect, it } from 'vitest';
import { dataOf, deref, doc, nonNull, op, operations, prop, requiredOf, schema, typesOf } from './helpers.js';

describe('every endpoint of the interface', () => {
  it.each([
    ['POST', '/roadmap/{token}/auth/', 'authenticateRoadmap'],
    ['GET', '/record/{token}/questions/', 'getQuestions'],
    ['POST', '/record/{token}/', 'submitAnswers'],
    ['GET', '/roadmap/{token}/', 'getRoadmap'],
    ['PUT', '/roadmap/{token}/auth/verify/', 'verifyRoadmapAuth'],
    ['POST', '/record/{token}/auth/', 'authenticateRecord'],
    ['PUT', '/record/{token}/auth/verify/', 'verifyRecordAuth'],
    ['GET', '/record/{token}/', 'getRecord'],
  ])('%s %s (%s)', (method, path, operationId) => {
    const o = op(method, path);
    expect(o.operationId).toBe(operationId);
    expect(o.summary).not.toBe('');
    expect(o.tags.length).toBeGreaterThan(0);
    expect(o.parameters.find((p) => p.name === 'token')).toMatchObject({
      in: 'path',
      required: true,
      schema: { format: 'uuid' },
    });
  });

  it('Record listing exists, filterable by status and auth_required', () => {
    const listing = operations.find((o) => o.operationId === 'listRecords');
    expect(listing?.method).toBe('get');
    expect(listing?.parameters.map((p) => p.name)).toEqual(expect.arrayContaining(['status', 'auth_required']));
    expect(listing?.assumed, 'its path is not shown: assumed').toBe(true);
  });

  it('Result endpoints exist and serve results of finished records', () => {
    const result = operations.find((o) => o.operationId === 'getResult');
    expect(result?.method).toBe('get');
    expect(result?.responses['409']).toBeDefined();
    expect(result?.assumed, 'its path is not shown: assumed').toBe(true);
  });

  it('All paths keep their trailing slash, as the real service', () => {
    for (const path of Object.keys(doc.paths)) expect(path.endsWith('/')).toBe(true);
  });

  it('Bodies are JSON (Content-Type: application/json)', () => {
    for (const o of operations) {
      const raw = deref({ $ref: `#${o.pointer}` });
      const body = raw.requestBody as Record<string, Record<string, unknown>> | undefined;
      if (body) expect(Object.keys(body.content ?? {})).toEqual(['application/json']);
      for (const response of Object.values(raw.responses as Record<string, Record<string, unknown>>)) {
        expect(Object.keys((response.content as object) ?? {})).toEqual(['application/json']);
      }
    }
  });
});

describe('POST /roadmap/{token}/auth/ request body', () => {
  const body = () => schema('RoadmapAuthRequest');
  const role = () => prop(body(), 'roles')?.items as Record<string, unknown>;
  const profile = () => prop(role(), 'profile') ?? {};
  it.each([
    ['mobile', () => body(), 'mobile', ['string'], true, { pattern: '^09[0-9]{9}$' }],
    ['roles', () => body(), 'roles', ['array'], true, { minItems: 1 }],
    ['roles[].id', () => role(), 'id', ['integer'], true, {}],
    ['roles[].profile', () => role(), 'profile', ['object'], true, {}],
    ['roles[].profile.name', () => profile(), 'name', ['string'], true, { maxLength: 50 }],
    ['roles[].profile.birth', () => profile(), 'birth', ['string'], true, { format: 'date' }],
    ['roles[].profile.is_male', () => profile(), 'is_male', ['boolean'], true, {}],
    ['roles[].profile.external_id', () => profile(), 'external_id', ['integer'], false, {}],
  ] as const)('%s', (_, parent, field, types, required, extra) => {
    const p = prop(parent(), field);
    expect(typesOf(p)).toEqual(types);
    expect(requiredOf(parent()).includes(field)).toBe(required);
    for (const [k, v] of Object.entries(extra)) expect(p?.[k]).toEqual(v);
  });
});

describe('POST /roadmap/{token}/auth/ response data, by tests_auth_required', () => {
  const branches = () => (dataOf(op('POST', '/roadmap/{token}/auth/')).oneOf ?? []) as Record<string, unknown>[];
  const when = (flag: boolean) => branches().find((b) => prop(b, 'tests_auth_required')?.const === flag) ?? {};
  it('tests_auth_required: boolean, always', () => {
    expect(branches()).toHaveLength(2);
    for (const b of branches()) expect(requiredOf(b)).toContain('tests_auth_required');
  });
  it('draft_token: string, only when true', () => {
    expect(typesOf(prop(when(true), 'draft_token'))).toEqual(['string']);
    expect(requiredOf(when(true))).toContain('draft_token');
    expect(prop(when(false), 'draft_token')).toBeUndefined();
  });
  it('roles: array of role_id and profile, only when false', () => {
    const roles = prop(when(false), 'roles');
    expect(requiredOf(when(false))).toContain('roles');
    const item = roles?.items as Record<string, unknown>;
    expect(typesOf(prop(item, 'role_id'))).toEqual(['integer']);
    expect(prop(item, 'profile')).toEqual(schema('Profile'));
    expect(prop(when(true), 'roles')).toBeUndefined();
  });
});

describe('GET /record/{token}/questions/ formats', () => {
  const formats = () => (dataOf(op('GET', '/record/{token}/questions/')).oneOf ?? []) as Record<string, unknown>[];
  it('JSON questionnaire: test_id, preface (string or null), questions (flat array of Question)', () => {
    const json = formats().find((f) => prop(f, 'questions')) ?? {};
    expect(typesOf(prop(json, 'test_id'))).toEqual(['string']);
    expect(typesOf(prop(json, 'preface'))).toEqual(['null', 'string']);
    expect((prop(json, 'questions')?.items as Record<string, unknown> | undefined)?.properties).toEqual(
      schema('Question').properties,
    );
  });
  it('HTML questionnaire: {html: string} only', () => {
    const html = formats().find((f) => prop(f, 'html')) ?? {};
    expect(Object.keys(html.properties as object)).toEqual(['html']);
    expect(html.additionalProperties).toBe(false);
  });
});

describe('POST /record/{token}/ (submit answers)', () => {
  it('record: array of option ids (integers) or free-text strings', () => {
    const body = schema('SubmitAnswersRequest');
    expect(requiredOf(body)).toContain('record');
    const record = prop(body, 'record');
    expect(typesOf(record)).toEqual(['array']);
    expect(typesOf(record?.items as Record<string, unknown>)).toEqual(['integer', 'string']);
  });
  it('Success moves the record to Finished (the answer is the finished record)', () => {
    expect(dataOf(op('POST', '/record/{token}/')).properties).toEqual(schema('TestRecord').properties);
    expect(nonNull(prop(schema('TestRecord'), 'submit_on'))?.format).toBe('date-time');
  });
});
