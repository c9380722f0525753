// A birth date that gives an age outside the description's bounds for Profile.age is refused, on
// both authentication paths: the profile could not be shown without breaking the description.
import { describe, expect, it } from 'vitest';
import { description } from '../src/catalog/examples.js';
import { AGE_BOUNDS } from '../src/rules/age-bounds.js';
import { adult, fileSandbox, INSTANT_KEY, MOBILE, NOW, start, twoRoles } from './helpers.js';

const sandbox = fileSandbox();

type ProfileSchema = { properties: { age: { minimum: number; maximum: number } } };
const age = (description.components.schemas as Record<string, ProfileSchema>).Profile?.properties.age as {
  minimum: number;
  maximum: number;
};
// The tests' clock is 2026-11-20: born on that day of year `years` ago (plus `days`) is that old.
const bornAgo = (years: number, days = 0) => {
  const d = new Date(NOW);
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

it('takes its bounds from the description', () => {
  expect(AGE_BOUNDS).toEqual({ min: age.minimum, max: age.maximum });
});

describe('POST /record/{token}/auth/ with a birth date', () => {
  it.each([
    // given birth → want status, and the age shown or the field refused
    ['0210-11-30 (the issue’s)', '0210-11-30', 400],
    ['a day past the maximum age', bornAgo(age.maximum + 1), 400],
    ['on the maximum age', bornAgo(age.maximum), 200],
    ['a day before the maximum age ends', bornAgo(age.maximum + 1, 1), 200],
    ['tomorrow', bornAgo(0, 1), 400],
  ])('%s (%s): %i', async (_name, birth, status) => {
    const token = await sandbox.as(INSTANT_KEY).record();
    const r = await sandbox.as(INSTANT_KEY).post(`/api/v2/record/${token}/auth/`, {
      mobile: MOBILE,
      profile: { ...adult, birth },
    });
    expect(r.status).toBe(status);
    if (status === 200) expect(r.body.data.record.profile.age).toBeLessThanOrEqual(age.maximum);
    else
      expect(r.body.messages).toEqual([
        {
          code: 'invalid_profile',
          field: '/profile/birth',
          text: expect.stringMatching(/^birth .* gives age -?\d+; /),
        },
      ]);
  });
});

describe('POST /roadmap/{token}/auth/ with a birth date', () => {
  it.each([
    ['0210-11-30', 1, '/roles/1/profile/birth'],
    [bornAgo(age.maximum + 1), 0, '/roles/0/profile/birth'],
  ])('%s for role index %i: 400 at %s', async (birth, index, field) => {
    const roadmap = await sandbox.as(INSTANT_KEY).roadmap();
    const body = twoRoles();
    (body.roles[index] as { profile: { birth: string } }).profile.birth = birth;
    const r = await sandbox.as(INSTANT_KEY).post(`/api/v2/roadmap/${roadmap.token}/auth/`, body);
    expect(r.status).toBe(400);
    expect(r.body.messages).toEqual([{ code: 'invalid_profile', field, text: expect.stringContaining(birth) }]);
  });
});

describe('POST /__sandbox/clock/ past the age bound', () => {
  it('refuses a move that would age a profile past the maximum, moves nothing, and takes a smaller one', async () => {
    const own = await start();
    try {
      const instant = own.as(INSTANT_KEY);
      const token = await instant.record();
      const birth = bornAgo(age.maximum + 1, 2); // the maximum age, for two more days
      expect(
        (await instant.post(`/api/v2/record/${token}/auth/`, { mobile: MOBILE, profile: { ...adult, birth } })).status,
      ).toBe(200);
      const refused = await instant.post('/__sandbox/clock/', { seconds: 3 * 86_400 });
      expect(refused.status).toBe(409);
      expect(refused.body.messages).toEqual([
        {
          code: 'age_out_of_bounds',
          field: '/seconds',
          text: expect.stringContaining(`born ${birth} aged ${age.maximum + 1}`),
        },
      ]);
      expect((await instant.get(`/api/v2/record/${token}/`)).body.data.profile.age).toBe(age.maximum);
      expect((await instant.post('/__sandbox/clock/', { seconds: 86_400 })).body.data.now).toBe(
        new Date(NOW + 86_400_000).toISOString(),
      );
    } finally {
      await own.close();
    }
  });
});
