import { type Check, type CheckContext, HarnessShortfall } from '../check.js';
import { assumed, edge, stated } from '../claims/make.js';
import { assumedOf, limitsOf, narrowest, type TestRules } from '../journey/profile.js';
import { getRoadmap, LOOKING_BEYOND_PLAN, roadmapAuthBody, roadmapWhere } from '../journey/roadmap.js';
import type { RecordData } from '../journey/steps.js';
import { Q, S } from '../quotes.js';
import { type Exchange, isSuccess } from '../types.js';
import { birthAround } from './profile-fields.js';

/** A full name of exactly 50 Persian letters: the stated limit's valid edge. */
export const NAME_AT_LIMIT = 'ب'.repeat(50);
/** The first digits of the edge request's mobile (11 digits, `09`): no other request of the check starts so. */
export const EDGE_MOBILE = '0990';
/** The name of the roles whose ages sit on their test's limits (it marks that request for its breach). */
export const AGE_EDGE_NAME = 'لبه سنی';

const digits = (n: number) => String(Math.floor(Math.random() * 10 ** n)).padStart(n, '0');

/**
 * Limits tried on their valid edge, not only past it (constraints.* and negative.* send 51 letters,
 * a 10-digit mobile, an age outside the test's limits): a roadmap authentication naming each role
 * with exactly 50 Persian letters, on an 11-digit mobile, is accepted; so is one whose every role is
 * exactly its test's max_age with the birthday two days off (a year-difference age is one too many
 * there), or exactly min_age two days past the birthday, in any time zone.
 */
export const validEdges: Check = {
  id: 'valid-edges',
  title: 'Each limit holds on its valid edge: 50 Persian letters, an 11-digit mobile, ages exactly at the limits',
  statement: 'Limits: profile.name max 50 characters, Persian letters; mobile 11 digits; the test age limits',
  kind: 'journey',
  basis: [],
  needs: { roadmaps: 2 },
  requests: 10,
  beyondPlan: LOOKING_BEYOND_PLAN,
  claims: [
    stated('limit.name.edge', S.limits, Q.nameLimit, 'a name of exactly 50 Persian letters is accepted', [
      edge('authenticateRoadmap', NAME_AT_LIMIT),
    ]),
    stated(
      'limit.mobile.edge',
      S.postRoadmapTokenAuth,
      Q.mobile,
      'a mobile of exactly 11 digits starting 09 is accepted',
      [edge('authenticateRoadmap', `"mobile":"${EDGE_MOBILE}`)],
    ),
    assumed(
      'limit.age.edge',
      S.errPOSTRoadmapTokenAuth,
      Q.e400,
      'an age exactly at min_age or max_age, around the birthday, is no mismatch (whether the limits are inclusive: not shown)',
      [edge('authenticateRoadmap', AGE_EDGE_NAME)],
    ),
  ],
  async run(ctx) {
    const first = await getRoadmap(ctx, await ctx.take('roadmaps'));
    if (!first) return;
    const named = await roadmapAuthBody(ctx, first);
    named.mobile = `${EDGE_MOBILE}${digits(7)}`;
    named.roles = named.roles.map((role) => ({ ...role, profile: { ...role.profile, name: NAME_AT_LIMIT } }));
    const answer = await ctx.call('authenticateRoadmap', { params: { token: first.token }, body: named });
    ctx.expectStatus(
      answer,
      200,
      `a roadmap authentication naming each role with exactly 50 Persian letters, on the 11-digit mobile ${named.mobile}`,
    );
    await agesAtTheirLimits(ctx);
  },
};

/** Every role of a roadmap exactly at its test's max_age (the birthday to come), else min_age (just past it). */
async function agesAtTheirLimits(ctx: CheckContext) {
  const aged = (r: RecordData) => {
    const l = limitsOf((r.test ?? {}) as TestRules, ctx.profile.test_fields);
    return l.min !== undefined || l.max !== undefined;
  };
  const found = await roadmapWhere(ctx, 'a roadmap with a test that has an age limit (min_age or max_age)', (rs) =>
    rs.some(aged),
  );
  if (!found) return;
  const { roadmap, records } = found;
  const tests = records.flatMap((r) => (r.test ? [r.test as TestRules] : []));
  const body = await roadmapAuthBody(ctx, roadmap, records);
  body.mobile = `0912${digits(7)}`;
  let edges = 0;
  body.roles = body.roles.map((role) => {
    const limits = narrowest(
      records
        .filter((r) => r.role === role.id && r.test)
        .map((r) => limitsOf(r.test as TestRules, ctx.profile.test_fields)),
    );
    const birth =
      limits.max !== undefined
        ? birthAround(ctx.now(), limits.max + 1, 2)
        : limits.min !== undefined
          ? birthAround(ctx.now(), limits.min, -2)
          : undefined;
    if (birth) edges++;
    return { ...role, profile: { ...role.profile, name: AGE_EDGE_NAME, ...(birth ? { birth } : {}) } };
  });
  if (!edges)
    throw new HarnessShortfall(
      `the age edges: no test of roadmap ${roadmap.token} has an age limit (min_age or max_age)`,
    );
  const answer = await ctx.call('authenticateRoadmap', {
    params: { token: roadmap.token },
    body,
    assumed: assumedOf(tests, ctx.profile.test_fields),
  });
  judgeEdge(
    ctx,
    answer,
    `a roadmap authentication whose ${edges} limited role(s) are exactly at their test's age limit`,
  );
}

/** Whether limits are inclusive is not shown: a refusal of the edge is an assumed note (or could not run, when the limits were read in an encoding of ours). */
function judgeEdge(ctx: CheckContext, answer: Exchange, what: string) {
  if (answer.assumed?.length && answer.response.status >= 400) ctx.expectStatus(answer, 200, what);
  else ctx.expect(isSuccess(answer.response.status), `${what}: refused with ${answer.response.status}`, answer, true);
}
