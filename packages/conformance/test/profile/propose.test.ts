import { loadDescription } from '@tas/openapi';
import { describe, expect, it } from 'vitest';
import { proposeProfile } from '../../src/profile/propose.js';
import { defaultProfile } from '../../src/profile/resolve.js';

describe('the defaults are what the bundled description proposes of itself', () => {
  it('every setting, as the description chose it', () => {
    expect(defaultProfile(loadDescription())).toEqual({
      listing: {
        path: '/record/',
        filters: { status: 'status', auth_required: 'auth_required' },
        paging: { style: 'auto', page: 'page', size: 'page_size', base: 1 },
      },
      result: { path: '/record/{token}/result/' },
      code_field: 'code',
      requests: {
        authenticateRecord: {
          mobile: '{mobile}',
          profile: { name: '{name}', birth: '{birth}', is_male: '{is_male}', external_id: '{external_id}' },
        },
        verifyRecordAuth: { code: '{code}' },
        verifyRoadmapAuth: { draft_token: '{draft_token}', code: '{code}' },
      },
      test_fields: { ages: 'integer', gender_permission: { all: 'all', men: 'male', women: 'female' } },
      success: Object.fromEntries(
        [
          'listRecords',
          'getRecord',
          'submitAnswers',
          'getQuestions',
          'getResult',
          'authenticateRecord',
          'verifyRecordAuth',
          'getRoadmap',
          'authenticateRoadmap',
          'verifyRoadmapAuth',
        ].map((id) => [id, 200]),
      ),
      error_bodies: 'description',
      errors: {},
      modes: { sms: { success: {}, errors: {} }, instant: { success: {}, errors: {} } },
    });
  });
});

describe("gender_permission's values, read from a description", () => {
  const genderOf = (schema: object) =>
    proposeProfile(
      { openapi: '3.1.0', paths: {}, components: { schemas: { T: { properties: { gender_permission: schema } } } } },
      defaultProfile(loadDescription()),
    );
  it.each([
    ['words', { type: 'string', enum: ['any', 'm', 'f'] }, { all: 'any', men: 'm', women: 'f' }, 'enum'],
    [
      'numbers named in the description',
      { enum: [2, 0, 1], description: '0: women, 1 = men, 2 (all)' },
      { all: 2, men: 1, women: 0 },
      'read with its description',
    ],
    ['numbers alone: the common order, said as a guess', { enum: [0, 1, 2] }, { all: 0, men: 1, women: 2 }, 'a guess'],
    [
      'nothing readable: the default, with a note',
      { type: 'string' },
      { all: 'all', men: 'male', women: 'female' },
      'not found',
    ],
  ])('%s', (_name, schema, want, note) => {
    const { profile, notes } = genderOf(schema);
    expect(profile.test_fields.gender_permission).toEqual(want);
    expect(notes['test_fields.gender_permission.men']).toContain(note);
  });
});

describe("a deployment's operations found by operationId, path or meaning", () => {
  const get = (operationId: string | undefined, summary = '') => ({
    get: { ...(operationId ? { operationId } : {}), summary, responses: { 200: { description: 'ok' } } },
  });
  const propose = (paths: object) => proposeProfile({ openapi: '3.0.3', paths }, defaultProfile(loadDescription()));

  it('by operationId, whatever the paths, in any case and order of its words', () => {
    const { profile, notes } = propose({
      '/api/v2/participants/tests/': get('list_records'),
      '/api/v2/evaluations/{uuid}/': get('ResultGet'),
    });
    expect(profile.listing.path).toBe('/participants/tests/');
    expect(profile.result.path).toBe('/evaluations/{token}/');
    expect(notes['listing.path']).toBe('GET /api/v2/participants/tests/');
  });

  it("by what it says it does, where neither operationId nor path is the suite's", () => {
    const { profile } = propose({
      '/assignments/': get(undefined, "List the organizer's records"),
      '/assignments/{id}/score/': get('fetchScore', 'The score of a finished record'),
    });
    expect(profile.listing.path).toBe('/assignments/');
    expect(profile.result.path).toBe('/assignments/{token}/score/');
  });

  it('says what it could not map: the default, with a note', () => {
    const { profile, notes } = propose({ '/health/': get('health') });
    expect(profile.listing.path).toBe('/record/');
    expect(notes['listing.path']).toMatch(/^not found/);
    expect(notes['success.getRoadmap']).toMatch(/not in the description/);
  });

  it('reads gender_permission as A, M and F', () => {
    const { profile } = proposeProfile(
      {
        openapi: '3.1.0',
        paths: {},
        components: { schemas: { T: { properties: { gender_permission: { enum: ['A', 'M', 'F'] } } } } },
      },
      defaultProfile(loadDescription()),
    );
    expect(profile.test_fields.gender_permission).toEqual({ all: 'A', men: 'M', women: 'F' });
  });
});
