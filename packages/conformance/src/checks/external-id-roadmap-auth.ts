import type { JsonObject } from '@tas/openapi';
import type { Check } from '../check.js';
import { accept, stated } from '../claims/make.js';
import type { Schemas } from '../described.js';
import { completeAuthentication } from '../journey/authentication.js';
import { profileFor } from '../journey/profile.js';
import { authenticateRecord, dataOf, getRecord } from '../journey/steps.js';
import { Q, S } from '../quotes.js';
import { type Held, heldKey, setupOf } from '../refusal/resources.js';
import { isSuccess } from '../types.js';

const ROADMAP = heldKey('authenticateRoadmap');

export const externalIdRoadmapAuth: Check = {
  id: 'external-id-roadmap-auth',
  title: 'Roadmap authentication refuses an external_id a standalone record of the account already has (409)',
  statement:
    'Limits: profile.external_id unique per organizer account (roadmap auth); POST /roadmap/{token}/auth/ 409 duplicate external_id',
  kind: 'journey',
  basis: [],
  needs: { ready: 1 },
  // The roadmap is the one the refusals of roadmap authentication go to (a refusal changes nothing).
  shares: [ROADMAP],
  requests: 6,
  claims: [
    stated(
      'limit.external_id.roadmap-auth.after-record',
      S.limits,
      Q.externalLimit,
      "on roadmap auth, an external_id a standalone record's profile already has",
      [accept('authenticateRoadmap', ['duplicate_external_id'], { mode: 'instant' })],
    ),
  ],
  judges: [
    'roadmap-auth.external_id.unique',
    'auth.external_id.unique',
    'error.roadmap-auth.409.external_id',
    'limit.external_id.roadmap-auth',
  ],
  async run(ctx) {
    const externalId = ctx.externalId();
    const record = await getRecord(ctx, await ctx.take('ready'));
    if (!record) return;
    const auth = await authenticateRecord(ctx, record, {
      ...profileFor(ctx, record.test ?? {}),
      external_id: externalId,
    });
    if (!auth.ok) return;
    // The record auth body is not shown: only a profile that kept the external_id makes it "used".
    const after = await getRecord(ctx, record.token);
    const kept = (after?.profile as { external_id?: unknown } | null | undefined)?.external_id;
    if (kept !== externalId)
      return ctx.cannotJudge(
        `the record's profile after authentication shows external_id ${String(kept)}, not the ${externalId} sent (the record auth body is not shown)`,
      );
    const held = await ctx.hold<Held>(ROADMAP, async () => setupOf('authenticateRoadmap')?.make(ctx));
    if (!held) return;
    const roles = (held.base.roles as JsonObject[]).map((r, i) =>
      i === 0 ? { ...r, profile: { ...(r.profile as JsonObject), external_id: externalId } } : r,
    );
    const body = { ...held.base, roles };
    const params = { token: held.token };
    let answer = await ctx.call('authenticateRoadmap', { params, unchecked: body });
    if (isSuccess(answer.response.status)) {
      ctx.spend(ROADMAP);
      // SMS mode: the refusal may come with the verify step.
      const draft = dataOf<Schemas['RoadmapAuthPending']>(answer)?.draft_token;
      if (typeof draft === 'string' && draft) {
        const mobile = String(held.base.mobile);
        answer = await completeAuthentication(ctx, 'roadmap-journey-sms', {
          token: held.token,
          mobile,
          first: answer,
          draft,
        });
      }
    }
    ctx.expectRefused(
      answer,
      409,
      `a roadmap role's profile with external_id ${externalId}, which a standalone record's profile of this organizer has`,
      true,
    );
  },
};
