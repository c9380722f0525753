import type { JsonObject } from '@tas/openapi';
import type { Check } from '../check.js';
import { heldKey } from '../refusal/resources.js';
import { sendRefusals } from '../refusal/send.js';

export const roadmapUnknownRole: Check = {
  id: 'roadmap-unknown-role',
  title: 'Roadmap authentication refuses a role ID the roadmap does not have',
  statement:
    "POST /roadmap/{token}/auth/: each entry's `id` must match a role ID returned by GET /roadmap/{token}/ (400 invalid profile data)",
  kind: 'contract',
  // The refusal is stated ("must match"); its code, 400 for invalid data, the description's.
  basis: [],
  shares: [heldKey('authenticateRoadmap')],
  // The case and the read-back of the roadmap.
  requests: 2,
  async run(ctx) {
    await sendRefusals(ctx, 'authenticateRoadmap', [
      {
        label: 'a role ID the roadmap does not have',
        request(valid) {
          const roles = (valid.roles ?? []) as JsonObject[];
          const ids = roles.map((r) => Number(r.id)).filter(Number.isFinite);
          const unknown = Math.max(0, ...ids) + 1000;
          return { body: { ...valid, roles: roles.map((r, i) => (i === 0 ? { ...r, id: unknown } : r)) } };
        },
        judge: (exchange) => ctx.expectRefused(exchange, 400, `a role ID the roadmap does not have`),
      },
    ]);
  },
};
