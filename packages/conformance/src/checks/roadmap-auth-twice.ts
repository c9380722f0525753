import type { Check } from '../check.js';
import { accept, recode, stated } from '../claims/make.js';
import { authenticateRoadmap, getRoadmap, roadmapAuthBody } from '../journey/roadmap.js';
import { expectLimit } from '../model/limits.js';
import { Q, S } from '../quotes.js';

export const roadmapAuthTwice: Check = {
  id: 'roadmap-auth-twice',
  title: 'A second roadmap authentication is refused with 409',
  statement: 'POST /roadmap/{token}/auth/ Errors: 409 authentication attempted again (already authenticated)',
  kind: 'journey',
  basis: [],
  needs: { roadmaps: 1 },
  requests: 8,
  claims: [
    stated(
      'error.roadmap-auth.409.again',
      S.errPOSTRoadmapTokenAuth,
      Q.e409again,
      'authentication attempted again: 409',
      [
        accept('authenticateRoadmap', ['already_authenticated']),
        accept('verifyRoadmapAuth', ['already_authenticated']),
        recode('authenticateRoadmap', ['already_authenticated'], 400),
      ],
    ),
  ],
  async run(ctx) {
    const roadmap = await getRoadmap(ctx, await ctx.take('roadmaps'));
    if (!roadmap) return;
    const auth = await authenticateRoadmap(ctx, roadmap);
    if (!auth.ok) return;
    const body = await roadmapAuthBody(ctx, roadmap);
    const again = await ctx.call('authenticateRoadmap', { params: { token: roadmap.token }, body });
    expectLimit(ctx, 'auth.again', again, 'a second roadmap authentication');
  },
};
