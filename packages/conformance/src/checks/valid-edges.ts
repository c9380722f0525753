import type { Check } from '../check.js';
import { refuse, stated } from '../claims/make.js';
import { getRoadmap, roadmapAuthBody } from '../journey/roadmap.js';
import { Q, S } from '../quotes.js';

/** A full name of exactly 50 Persian letters: the stated limit's valid edge. */
export const NAME_AT_LIMIT = 'ب'.repeat(50);

/**
 * A limit tried on its valid edge, not only past it (constraints.* and negative.* send 51 letters and
 * a 10-digit mobile): a roadmap authentication whose every role is named with exactly 50 Persian
 * letters is accepted.
 */
export const validEdges: Check = {
  id: 'valid-edges',
  title: 'Each stated limit holds on its valid edge: a name of exactly 50 Persian letters is accepted',
  statement: 'Limits: profile.name max 50 characters, Persian letters (roadmap auth)',
  kind: 'journey',
  basis: [],
  needs: { roadmaps: 1 },
  requests: 4,
  claims: [
    stated('limit.name.edge', S.limits, Q.nameLimit, 'a name of exactly 50 Persian letters is accepted', [
      refuse('authenticateRoadmap', { bodyHas: NAME_AT_LIMIT }),
    ]),
  ],
  async run(ctx) {
    const roadmap = await getRoadmap(ctx, await ctx.take('roadmaps'));
    if (!roadmap) return;
    const body = await roadmapAuthBody(ctx, roadmap);
    body.roles = body.roles.map((role) => ({ ...role, profile: { ...role.profile, name: NAME_AT_LIMIT } }));
    const answer = await ctx.call('authenticateRoadmap', { params: { token: roadmap.token }, body });
    ctx.expectStatus(answer, 200, 'a roadmap authentication naming each role with exactly 50 Persian letters');
  },
};
