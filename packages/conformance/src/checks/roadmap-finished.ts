import type { Check } from '../check.js';
import { accept, stated } from '../claims/make.js';
import { authenticateRoadmap, getRoadmap, roadmapAuthBody } from '../journey/roadmap.js';
import { questionsAndAnswers } from '../journey/steps.js';
import { Q, S } from '../quotes.js';

export const roadmapFinished: Check = {
  id: 'roadmap-finished',
  title: 'Authentication of a roadmap whose records are all finished is refused with 404',
  statement: 'POST /roadmap/{token}/auth/ Errors: 404 roadmap not found or already finished',
  kind: 'journey',
  basis: ['authenticateRoadmap 404'],
  needs: { roadmaps: 1 },
  requests: 13,
  claims: [
    stated('error.roadmap-auth.404.finished', S.errPOSTRoadmapTokenAuth, Q.e404, 'roadmap already finished: 404', [
      accept('authenticateRoadmap', ['not_found']),
    ]),
  ],
  async run(ctx) {
    const roadmap = await getRoadmap(ctx, await ctx.take('roadmaps'));
    if (!roadmap) return;
    const auth = await authenticateRoadmap(ctx, roadmap);
    if (!auth.ok) return;
    for (const entry of roadmap.test_records) {
      const qa = await questionsAndAnswers(ctx, entry.token);
      if (!qa) return;
      const submit = await ctx.call('submitAnswers', { params: { token: entry.token }, body: { record: qa.answers } });
      if (!ctx.expectStatus(submit, 200, 'submitting a roadmap record')) return;
    }
    const body = await roadmapAuthBody(ctx, roadmap);
    const again = await ctx.call('authenticateRoadmap', { params: { token: roadmap.token }, body });
    ctx.expectRefused(again, 404, 'authentication of a finished roadmap', true);
  },
};
