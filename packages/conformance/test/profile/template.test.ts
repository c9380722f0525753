import { describe, expect, it } from 'vitest';
import { fill, reshape } from '../../src/profile/template.js';

describe('fill: a template over the profile values', () => {
  it.each([
    [
      'a lone placeholder keeps its JSON type',
      { m: '{is_male}', b: '{birth}' },
      { is_male: false, birth: '1990-01-02' },
      { m: false, b: '1990-01-02' },
    ],
    [
      'text around a placeholder is a string',
      { mobile: '+98{mobile}' },
      { mobile: 9121234567 },
      { mobile: '+989121234567' },
    ],
    ['a value the suite lacks leaves its key out', { id: '{external_id}', n: '{name}' }, { name: 'x' }, { n: 'x' }],
    ['literals stay', { channel: 'sms', v: 2, on: true }, {}, { channel: 'sms', v: 2, on: true }],
    [
      'arrays and nesting',
      { a: [{ c: '{code}' }, '{draft_token}'] },
      { code: '12', draft_token: 't' },
      { a: [{ c: '12' }, 't'] },
    ],
  ])('%s', (_name, template, values, want) => {
    expect(fill(template, values)).toEqual(want);
  });
});

describe('reshape: a body in the description shape, sent in the template shape', () => {
  const FLAT = {
    mobile: '{mobile}',
    name: '{name}',
    birth: '{birth}',
    is_male: '{is_male}',
    external_id: '{external_id}',
  };
  it.each([
    [
      'the profile flat',
      'authenticateRecord',
      { mobile: '09121234567', profile: { name: 'n', birth: '1990-01-01', is_male: true } },
      FLAT,
      { mobile: '09121234567', name: 'n', birth: '1990-01-01', is_male: true },
    ],
    [
      'an unknown field sent on purpose goes along',
      'authenticateRecord',
      { mobile: '0912', profile: { name: 'n', birth: 'b', is_male: true, extra: 1 }, top: 2 },
      FLAT,
      { mobile: '0912', name: 'n', birth: 'b', is_male: true, extra: 1, top: 2 },
    ],
    ['a wrong type keeps its type', 'verifyRecordAuth', { code: 1234 }, { otp: '{code}' }, { otp: 1234 }],
    [
      'a missing field stays missing',
      'verifyRoadmapAuth',
      { code: '1234' },
      { draft: '{draft_token}', otp: '{code}' },
      { otp: '1234' },
    ],
    ['a body that is no object is sent as it is', 'verifyRecordAuth', ['x'], { otp: '{code}' }, ['x']],
  ] as const)('%s', (_name, id, given, template, want) => {
    expect(reshape(id, given, template)).toEqual(want);
  });
});
