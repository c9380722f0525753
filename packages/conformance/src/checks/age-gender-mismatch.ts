import type { Check } from '../check.js';
import { getRoadmap, roadmapAuthBody } from '../journey/roadmap.js';
import { getRecord } from '../journey/steps.js';

export const ageGenderMismatch: Check = {
  id: 'age-gender-mismatch',
  title: "A role profile outside its test's age limits is refused with 400 and authenticates nothing",
  statement:
    'POST /roadmap/{token}/auth/ Errors: 400 invalid profile data, missing required fields, or age/gender mismatch',
  kind: 'journey',
  basis: ['authenticateRoadmap 400'],
  needs: { roadmaps: 1 },
  requests: 6,
  async run(ctx) {
    const roadmap = await getRoadmap(ctx, await ctx.take('roadmaps'));
    const entry = roadmap?.test_records[0];
    if (!roadmap || !ctx.expect(entry !== undefined, 'a roadmap lists its test_records') || !entry) return;
    const test = (await getRecord(ctx, entry.token))?.test;
    const body = await roadmapAuthBody(ctx, roadmap);
    const role = body.roles.find((r) => r.id === entry.role);
    if (!role) return void ctx.expect(false, `the roadmap defines the role ${entry.role} of its record`);
    // An age past the test's limit (or below it when it has no upper one), or the gender it does not permit.
    const age =
      typeof test?.max_age === 'number' ? test.max_age + 5 : typeof test?.min_age === 'number' ? 1 : undefined;
    if (age !== undefined) {
      const birth = new Date(ctx.now());
      birth.setUTCFullYear(birth.getUTCFullYear() - age);
      role.profile = { ...role.profile, birth: birth.toISOString().slice(0, 10) };
    } else if (test?.gender_permission === 'female' || test?.gender_permission === 'male')
      role.profile = { ...role.profile, is_male: test.gender_permission === 'female' };
    else ctx.skip(`the test of record ${entry.token} has no age or gender limit`);
    const refused = await ctx.call('authenticateRoadmap', { params: { token: roadmap.token }, body });
    ctx.expectRefused(refused, 400, `a profile of age ${age ?? '(wrong gender)'} for ${entry.token}`, true);
    const after = await getRecord(ctx, entry.token);
    ctx.expect(
      after?.auth_required === true && after.profile === null,
      'a refused authentication links no profile (auth_required stays true)',
      undefined,
      false,
    );
  },
};
