import { limitsOf } from '@tas/openapi';
import type { Check } from '../check.js';
import { accept, stated } from '../claims/make.js';
import type { Schemas } from '../described.js';
import { getRoadmap, roadmapAuthBody } from '../journey/roadmap.js';
import { dataOf, getRecord, stateOf } from '../journey/steps.js';
import { Q, S } from '../quotes.js';

export const draftTokenExpiry: Check = {
  id: 'draft-token-expiry',
  title: 'SMS mode: a draft_token older than 5 minutes is refused and authenticates nothing',
  statement: 'Limits: draft_token validity 5 minutes (roadmap SMS authentication)',
  kind: 'journey',
  basis: ['verifyRoadmapAuth 400'],
  needs: { roadmaps: 1 },
  requests: 8,
  slowOnLive: "it waits out the draft_token's 5 minutes",
  claims: [
    stated('limit.draft_token', S.limits, Q.draftLimit, 'a draft_token older than 5 minutes is refused', [
      accept('verifyRoadmapAuth', ['draft_expired']),
    ]),
  ],
  async run(ctx) {
    const roadmap = await getRoadmap(ctx, await ctx.take('roadmaps'));
    if (!roadmap) return;
    if (!roadmap.tests_auth_required) ctx.skip('the organizer authenticates instantly: there is no draft_token');
    const body = await roadmapAuthBody(ctx, roadmap);
    const params = { token: roadmap.token };
    const first = await ctx.call('authenticateRoadmap', { params, body });
    if (!ctx.expectStatus(first, 200, 'roadmap authentication')) return;
    const draft = dataOf<Schemas['RoadmapAuthPending']>(first)?.draft_token ?? '';
    const code = await ctx.smsCode({ mobile: body.mobile, token: roadmap.token, purpose: 'roadmap' });
    await ctx.advance(limitsOf(ctx.doc).draftTokenSeconds + 5);
    const late = await ctx.call('verifyRoadmapAuth', { params, unchecked: { draft_token: draft, code } });
    ctx.expectRefused(late, 400, 'the draft_token and code 5 minutes and 5 seconds later');
    const entry = roadmap.test_records[0];
    if (!entry) return;
    const record = await getRecord(ctx, entry.token);
    ctx.expect(
      record?.auth_required === true,
      `a refused late verify authenticates nothing: want auth_required true; ${stateOf(record)}`,
      undefined,
      false,
    );
  },
};
