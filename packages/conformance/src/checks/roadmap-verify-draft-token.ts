import type { Check, CheckContext } from '../check.js';
import type { Schemas } from '../described.js';
import { dataOf } from '../journey/steps.js';
import { type Held, heldKey, readBack, setupOf } from '../refusal/resources.js';

const PENDING = heldKey('verifyRoadmapAuth');
const READY = heldKey('authenticateRoadmap');

const held = (ctx: CheckContext, key: string, operationId: string) =>
  ctx.hold<Held>(key, () => setupOf(operationId)?.make(ctx) ?? Promise.resolve(undefined));

/** A draft_token of the same shape that no authentication issued. */
function forged(like: string, not: unknown[]): string {
  const chars = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  for (;;) {
    const tail = Array.from(
      { length: Math.max(like.length - 3, 8) },
      () => chars[Math.floor(Math.random() * chars.length)],
    );
    const draft = `${like.startsWith('dr_') ? 'dr_' : ''}${tail.join('')}`;
    if (!not.includes(draft)) return draft;
  }
}

export const roadmapVerifyDraftToken: Check = {
  id: 'roadmap-verify-draft-token',
  title:
    'SMS mode: the right code with a draft_token never issued, replaced, or of another roadmap is refused, links nothing, and the right pair then verifies',
  statement:
    'PUT /roadmap/{token}/auth/verify/ takes the draft_token and the SMS code; the first call returns a draft_token',
  kind: 'journey',
  basis: ['verifyRoadmapAuth 400'],
  // A roadmap with a pending authentication and a ready one, shared with the checks that refuse bodies on them.
  shares: [PENDING, READY],
  requests: 7,
  judges: ['roadmap-verify.completes'],
  async run(ctx) {
    const roadmap = await held(ctx, PENDING, 'verifyRoadmapAuth');
    if (!roadmap) return;
    if (!roadmap.roadmap?.tests_auth_required)
      ctx.skip('the organizer authenticates instantly: there is no draft_token');
    // This check uses both up: the first is verified at the end, the second gets a pending authentication.
    ctx.spend(PENDING);
    const params = { token: roadmap.token };
    const replaced = String(roadmap.base.draft_token);
    const again = await ctx.call('authenticateRoadmap', { params, unchecked: roadmap.auth });
    if (!ctx.expectStatus(again, 200, 'a newer roadmap authentication, replacing the first draft_token')) return;
    const draft = dataOf<Schemas['RoadmapAuthPending']>(again)?.draft_token ?? '';
    const code = await ctx.smsCode({ mobile: String(roadmap.auth?.mobile), token: roadmap.token, purpose: 'roadmap' });
    const other = await held(ctx, READY, 'authenticateRoadmap');
    if (!other) return;
    ctx.spend(READY);
    const otherAuth = await ctx.call('authenticateRoadmap', { params: { token: other.token }, unchecked: other.base });
    if (!ctx.expectStatus(otherAuth, 200, "another roadmap's authentication (for its draft_token)")) return;
    const otherDraft = dataOf<Schemas['RoadmapAuthPending']>(otherAuth)?.draft_token ?? '';
    const cases = [
      { label: 'a draft_token never issued', draft: forged(String(draft), [draft, replaced, otherDraft]) },
      { label: 'a draft_token replaced by a newer authentication', draft: replaced },
      { label: "another roadmap's draft_token", draft: otherDraft },
    ];
    for (const c of cases) {
      const verify = await ctx.call('verifyRoadmapAuth', { params, unchecked: { draft_token: c.draft, code } });
      // Accepted: the roadmap is authenticated now, so what follows would prove nothing.
      if (!ctx.expectRefused(verify, 400, `${c.label}, with the right SMS code`)) return;
    }
    await readBack(ctx, roadmap, 'verifyRoadmapAuth', cases.length);
    ctx.expectStatus(
      await ctx.call('verifyRoadmapAuth', { params, unchecked: { draft_token: draft, code } }),
      200,
      'the right draft_token and code, after the refused ones',
    );
  },
};
