import type { JsonObject } from '@tas/openapi';
import type { Check } from '../check.js';
import { accept, stated } from '../claims/make.js';
import { Q, S } from '../quotes.js';
import { type Held, heldKey, setupOf } from '../refusal/resources.js';

const ROADMAP = heldKey('authenticateRoadmap');

export const roadmapUnknownRole: Check = {
  id: 'roadmap-unknown-role',
  title: 'Roadmap authentication refuses a role ID the roadmap does not have',
  statement:
    "POST /roadmap/{token}/auth/: each entry's `id` must match a role ID returned by GET /roadmap/{token}/ (400 invalid profile data)",
  kind: 'journey',
  // The refusal is stated ("must match"); its code, 400 for invalid data, the description's (expectRefused says so).
  basis: [],
  // The roadmap the refusals of roadmap authentication go to; constraints.authenticateRoadmap reads it back.
  shares: [ROADMAP],
  requests: 1,
  claims: [
    stated(
      'roadmap-auth.roles.match',
      S.postRoadmapTokenAuth,
      Q.roleMatch,
      'a role ID the roadmap does not have is refused',
      [accept('authenticateRoadmap', ['invalid_profile'], { field: '/roles/0/id' })],
    ),
  ],
  async run(ctx) {
    const held = await ctx.hold<Held>(ROADMAP, async () => setupOf('authenticateRoadmap')?.make(ctx));
    if (!held) return;
    const roles = (held.base.roles ?? []) as JsonObject[];
    const unknown = Math.max(0, ...roles.map((r) => Number(r.id)).filter(Number.isFinite)) + 1000;
    const body = { ...held.base, roles: roles.map((r, i) => (i === 0 ? { ...r, id: unknown } : r)) };
    const exchange = await ctx.call('authenticateRoadmap', { params: { token: held.token }, unchecked: body });
    if (exchange.response.status < 400) ctx.spend(ROADMAP);
    if (exchange.response.status === 404)
      ctx.expect(
        false,
        `answered 404 for roadmap ${held.token}, which exists: the role must be refused`,
        exchange,
        false,
      );
    else ctx.expectRefused(exchange, 400, `role ${unknown}, which roadmap ${held.token} does not have`);
  },
};
