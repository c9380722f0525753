import type { Check, CheckContext } from '../check.js';
import { accept, stated } from '../claims/make.js';
import type { Schemas } from '../described.js';
import { completeAuthentication, journeyFor } from '../journey/authentication.js';
import { profileFor } from '../journey/profile.js';
import { getRoadmap, type RoadmapData, roadmapAuthBody } from '../journey/roadmap.js';
import { dataOf, getRecord } from '../journey/steps.js';
import { expectLimit } from '../model/limits.js';
import { Q, S } from '../quotes.js';
import { type Exchange, isSuccess } from '../types.js';

export const duplicateExternalId: Check = {
  id: 'duplicate-external-id',
  title: 'An external_id already used in the organizer account is refused with 409 (roadmap and record auth)',
  statement:
    'Authentication 3: external_id unique per organizer account; POST /roadmap/{token}/auth/ 409 duplicate external_id',
  kind: 'journey',
  basis: ['authenticateRoadmap 409'],
  needs: { roadmaps: 2, ready: 1 },
  requests: 12,
  claims: [
    stated(
      'roadmap-auth.external_id.unique',
      S.postRoadmapTokenAuth,
      Q.externalId,
      'an external_id used in the account (by a roadmap or a record) is refused',
      [accept('authenticateRoadmap', ['duplicate_external_id'], { mode: 'instant' })],
    ),
    stated(
      'auth.external_id.unique',
      S.authentication,
      Q.unique,
      'an external_id used in the account is refused again',
      [accept('authenticateRoadmap', ['duplicate_external_id'], { mode: 'instant' })],
    ),
    stated(
      'auth.external_id.record-auth',
      S.authentication,
      Q.unique,
      "refused on record auth too (its 409 the description's code)",
      [accept('authenticateRecord', ['duplicate_external_id'], { mode: 'instant' })],
    ),
    stated('error.roadmap-auth.409.external_id', S.errPOSTRoadmapTokenAuth, Q.e409dup, 'duplicate `external_id`: 409', [
      accept('authenticateRoadmap', ['duplicate_external_id'], { mode: 'instant' }),
    ]),
    stated('limit.external_id.roadmap-auth', S.limits, Q.externalLimit, 'on roadmap auth, whoever used it first', [
      accept('authenticateRoadmap', ['duplicate_external_id'], { mode: 'instant' }),
    ]),
  ],
  async run(ctx) {
    const externalId = ctx.externalId();
    const first = await getRoadmap(ctx, await ctx.take('roadmaps'));
    if (!first) return;
    const used = await authenticate(ctx, first, externalId);
    // The verify's body is the suite's assumption: a refusal of it could not run, never a failure.
    if (!ctx.expectStatus(used, 200, `roadmap authentication with external_id ${externalId}`)) return;

    const second = await getRoadmap(ctx, await ctx.take('roadmaps'));
    if (second) {
      const again = await authenticate(ctx, second, externalId);
      expectLimit(
        ctx,
        'external_id.unique',
        again,
        `a second roadmap's profile with the used external_id ${externalId}`,
      );
    }

    // The record auth body carries a profile with external_id too: the same promise, the code assumed.
    const record = await getRecord(ctx, await ctx.take('ready'));
    if (!record) return;
    const profile = { ...profileFor(ctx, record.test ?? {}), external_id: externalId };
    const params = { token: record.token };
    const mobile = ctx.mobile();
    const started = await ctx.call('authenticateRecord', { params, body: { mobile, profile } });
    const journey = journeyFor('record', Boolean(record.tests_auth_required));
    const answer = await completeAuthentication(ctx, journey, { token: record.token, mobile, first: started });
    ctx.expectRefused(answer, 409, `a standalone record's profile with the used external_id ${externalId}`);
  },
};

/** Authenticates every role (the first with `externalId`), through the verify step in SMS mode; the last answer (external-id-roadmap-auth uses it too). */
export async function authenticate(ctx: CheckContext, roadmap: RoadmapData, externalId: number): Promise<Exchange> {
  const body = await roadmapAuthBody(ctx, roadmap);
  const [head] = body.roles;
  if (head) head.profile = { ...head.profile, external_id: externalId };
  const params = { token: roadmap.token };
  const first = await ctx.call('authenticateRoadmap', { params, body });
  if (!isSuccess(first.response.status) || !roadmap.tests_auth_required) return first;
  const draft = dataOf<Schemas['RoadmapAuthPending']>(first)?.draft_token;
  // Accepted with nothing to verify: that answer is the verdict (an SMS to read would not come).
  if (typeof draft !== 'string' || !draft) return first;
  return completeAuthentication(ctx, 'roadmap-journey-sms', {
    token: roadmap.token,
    mobile: body.mobile,
    first,
    draft,
  });
}
