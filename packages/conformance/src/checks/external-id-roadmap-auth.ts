import type { Check } from '../check.js';
import { profileFor } from '../journey/profile.js';
import { getRoadmap } from '../journey/roadmap.js';
import { authenticateRecord, getRecord } from '../journey/steps.js';
import { authenticate } from './duplicate-external-id.js';

export const externalIdRoadmapAuth: Check = {
  id: 'external-id-roadmap-auth',
  title: 'Roadmap authentication refuses an external_id a standalone record of the account already has (409)',
  statement:
    'Limits: profile.external_id unique per organizer account (roadmap auth); POST /roadmap/{token}/auth/ 409 duplicate external_id',
  kind: 'journey',
  basis: [],
  needs: { ready: 1, roadmaps: 1 },
  requests: 10,
  async run(ctx) {
    const externalId = ctx.externalId();
    const record = await getRecord(ctx, await ctx.take('ready'));
    if (!record) return;
    const auth = await authenticateRecord(ctx, record, {
      ...profileFor(ctx.doc, record.test ?? {}, ctx.now()),
      external_id: externalId,
    });
    if (!auth.ok) return;
    // The record auth body is not shown: only a profile that kept the external_id makes it "used".
    const after = await getRecord(ctx, record.token);
    const kept = (after?.profile as { external_id?: unknown } | null | undefined)?.external_id;
    if (kept !== externalId)
      return ctx.skip(
        `could not judge: the record's profile after authentication shows external_id ${String(kept)}, not the ${externalId} sent (the record auth body is not shown)`,
      );
    const roadmap = await getRoadmap(ctx, await ctx.take('roadmaps'));
    if (!roadmap) return;
    const again = await authenticate(ctx, roadmap, externalId);
    ctx.expectRefused(
      again,
      409,
      `a roadmap role's profile with external_id ${externalId}, which a standalone record's profile of this organizer has`,
      true,
    );
  },
};
