import type { Check } from '../check.js';
import { accept, stated } from '../claims/make.js';
import { assumedOf, limitsOf, type TestRules } from '../journey/profile.js';
import { LOOKING_BEYOND_PLAN, roadmapAuthBody, roadmapWhere } from '../journey/roadmap.js';
import { getRecord, type RecordData, stateOf } from '../journey/steps.js';
import { Q, S } from '../quotes.js';

export const ageGenderMismatch: Check = {
  id: 'age-gender-mismatch',
  title: "A role profile outside its test's age limits is refused with 400 and authenticates nothing",
  statement:
    'POST /roadmap/{token}/auth/ Errors: 400 invalid profile data, missing required fields, or age/gender mismatch',
  kind: 'journey',
  basis: ['authenticateRoadmap 400'],
  needs: { roadmaps: 1 },
  requests: 6,
  beyondPlan: LOOKING_BEYOND_PLAN,
  claims: [
    stated('error.roadmap-auth.400.age', S.errPOSTRoadmapTokenAuth, Q.e400, 'age/gender mismatch: 400', [
      accept('authenticateRoadmap', ['age_gender_mismatch']),
    ]),
  ],
  async run(ctx) {
    // A record whose test limits age, else one that limits gender: any of the roadmap's, not only its first.
    const limits = (t: RecordData['test']) => limitsOf((t ?? {}) as TestRules, ctx.profile.test_fields);
    const limited = (t: RecordData['test']) => limits(t).max !== undefined || limits(t).min !== undefined;
    const gendered = (t: RecordData['test']) => limits(t).gender !== 'all';
    const found = await roadmapWhere(
      ctx,
      'a roadmap with a test that has an age limit (min_age or max_age) or a gender_permission',
      (records) => records.some((r) => limited(r.test) || gendered(r.test)),
    );
    if (!found) return;
    const { roadmap, records } = found;
    const entry = records.find((r) => limited(r.test)) ?? records.find((r) => gendered(r.test));
    if (!entry) return;
    const test = limits(entry.test);
    const body = await roadmapAuthBody(ctx, roadmap, records);
    const role = body.roles.find((r) => r.id === entry.role);
    if (!role) return void ctx.expect(false, `the roadmap defines the role ${entry.role} of its record ${entry.token}`);
    // An age past the test's limit (or below it when it has no upper one), or the gender it does not permit.
    const age = test.max !== undefined ? test.max + 5 : test.min !== undefined ? 1 : undefined;
    if (age !== undefined) {
      const birth = new Date(ctx.now());
      birth.setUTCFullYear(birth.getUTCFullYear() - age);
      role.profile = { ...role.profile, birth: birth.toISOString().slice(0, 10) };
    } else role.profile = { ...role.profile, is_male: test.gender === 'women' };
    const refused = await ctx.call('authenticateRoadmap', {
      params: { token: roadmap.token },
      body,
      assumed: assumedOf([entry.test as TestRules], ctx.profile.test_fields),
    });
    ctx.expectRefused(refused, 400, `a profile of age ${age ?? '(wrong gender)'} for ${entry.token}`, true);
    const after = await getRecord(ctx, entry.token);
    ctx.expect(
      after?.auth_required === true && after.profile === null,
      `a refused authentication links no profile: want auth_required true and no profile; ${stateOf(after)}`,
      undefined,
      false,
    );
  },
};
