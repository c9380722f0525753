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
        paging: { style: 'auto', page: 'page', size: 'page_size' },
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
