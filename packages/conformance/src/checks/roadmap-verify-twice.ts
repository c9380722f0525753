import type { Check } from '../check.js';
import { authenticateRoadmap, getRoadmap } from '../journey/roadmap.js';

export const roadmapVerifyTwice: Check = {
  id: 'roadmap-verify-twice',
  title: 'SMS mode: the draft_token and code of a completed roadmap authentication, sent again, are refused',
  statement: 'POST /roadmap/{token}/auth/ Errors: 409 authentication attempted again (already authenticated)',
  kind: 'journey',
  basis: ['verifyRoadmapAuth 409'],
  needs: { roadmaps: 1 },
  requests: 7,
  judges: ['error.roadmap-auth.409.again'],
  async run(ctx) {
    const roadmap = await getRoadmap(ctx, await ctx.take('roadmaps'));
    if (!roadmap) return;
    if (!roadmap.tests_auth_required) ctx.skip('the organizer authenticates instantly: there is no verify step');
    const auth = await authenticateRoadmap(ctx, roadmap);
    if (!auth.ok) return;
    const again = await ctx.call('verifyRoadmapAuth', {
      params: { token: roadmap.token },
      rawBody: auth.last.request.body,
      contentType: 'application/json',
    });
    ctx.expectRefused(again, 409, 'the same draft_token and code after the roadmap was authenticated');
  },
};
