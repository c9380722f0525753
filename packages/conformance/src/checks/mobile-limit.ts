import type { Check, CheckContext } from '../check.js';
import { accept, assumed, edge, stated } from '../claims/make.js';
import { authenticateRoadmap, getRoadmap, roadmapAuthBody } from '../journey/roadmap.js';
import { authenticateRecord, getRecord, type RecordData } from '../journey/steps.js';
import { appliesIn, expectLimit } from '../model/limits.js';
import { Q, S } from '../quotes.js';
import { type Exchange, isSuccess } from '../types.js';

/** Completed SMS authentications on one mobile before the roadmap authentication that must be refused. */
const COMPLETED = 5;
/** The first digits of the mobile the instant-mode run shares (no other check's mobile starts so). */
export const SHARED_MOBILE = '0993';

export const mobileLimit: Check = {
  id: 'mobile-limit',
  title: `After ${COMPLETED} completed authentications on one mobile, roadmap authentication is refused with 400 in SMS mode, accepted in instant mode`,
  statement: 'POST /roadmap/{token}/auth/ Errors: 400 mobile duplicate limit reached (SMS mode only)',
  kind: 'journey',
  basis: ['authenticateRoadmap 400'],
  needs: { ready: COMPLETED, roadmaps: 1 },
  requests: COMPLETED * 4 + 4,
  slowOnLive: `it spends ${COMPLETED} records on one mobile, and the limit's value is not shown`,
  claims: [
    assumed(
      'error.roadmap-auth.400.limit',
      S.errPOSTRoadmapTokenAuth,
      Q.limitValue,
      'the mobile duplicate limit (its value not shown: the description chose 5)',
      [accept('authenticateRoadmap', ['mobile_limit'])],
    ),
    stated(
      'error.roadmap-auth.400.limit.sms-only',
      S.errPOSTRoadmapTokenAuth,
      Q.e400limit,
      'SMS mode only: in instant mode a mobile past the limit authenticates',
      [edge('authenticateRoadmap', `"mobile":"${SHARED_MOBILE}`, { mode: 'instant', codes: ['mobile_limit'] })],
    ),
  ],
  async run(ctx) {
    const mobile = ctx.mobile();
    const first = await getRecord(ctx, await ctx.take('ready'));
    if (!first) return;
    // The model's limit says in which mode it holds (SMS only): in the other, the same journey is accepted throughout.
    if (!appliesIn('mobile.duplicate', first.tests_auth_required ? 'sms' : 'instant'))
      return noLimitWhenInstant(ctx, first);
    // A refusal of a later authentication on the mobile, with any 4xx, is the limit kept at a lower
    // value (its value is not shown, and no status is stated for it outside roadmap authentication).
    let completed = 0;
    const at = {
      ...ctx,
      mobile: () => mobile,
      expectStatus: (exchange: Exchange, status: number, what: string) =>
        completed > 0 && exchange.response.status >= 400 && exchange.response.status < 500
          ? false
          : ctx.expectStatus(exchange, status, what),
    };
    for (; completed < COMPLETED; completed++) {
      const record = completed ? await getRecord(ctx, await ctx.take('ready')) : first;
      if (!record) return;
      const auth = await authenticateRecord(at, record);
      if (!auth.ok && completed > 0) {
        const refusal = auth.last;
        ctx.expect(
          false,
          `authentication ${completed + 1} on one mobile refused with ${refusal.response.status}: the limit kept at ${completed} (the description chose ${COMPLETED}; the value is not shown)`,
          refusal,
          true,
        );
        break;
      }
      if (!auth.ok) return;
    }
    const roadmap = await getRoadmap(ctx, await ctx.take('roadmaps'));
    if (!roadmap) return;
    const body = { ...(await roadmapAuthBody(ctx, roadmap)), mobile };
    const answer = await ctx.call('authenticateRoadmap', { params: { token: roadmap.token }, body });
    const what = `roadmap authentication on a mobile with ${completed} completed authentications`;
    // The value of the limit is not shown: a deployment whose limit is higher departs only from our guess.
    if (isSuccess(answer.response.status))
      ctx.expect(
        false,
        `${what}: accepted with ${answer.response.status}, where the description's limit of ${COMPLETED} is reached (the value is not shown)`,
        answer,
        true,
      );
    else expectLimit(ctx, 'mobile.duplicate', answer, what);
  },
};

/**
 * The limit is stated for SMS mode only: in instant mode the same journey, on a mobile of its own, is
 * accepted throughout, the roadmap authentication past the limit's value included.
 */
async function noLimitWhenInstant(ctx: CheckContext, first: RecordData) {
  const mobile = `${SHARED_MOBILE}${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const on = {
    ...ctx,
    mobile: () => mobile,
    expectStatus: (exchange: Exchange, status: number, what: string) =>
      ctx.expectStatus(
        exchange,
        status,
        `${what} in instant mode on ${mobile}, one mobile for ${COMPLETED + 1} authentications (its duplicate limit is SMS mode's only)`,
      ),
  };
  for (let i = 0; i < COMPLETED; i++) {
    const record = i ? await getRecord(ctx, await ctx.take('ready')) : first;
    if (!record || !(await authenticateRecord(on, record)).ok) return;
  }
  const roadmap = await getRoadmap(ctx, await ctx.take('roadmaps'));
  if (roadmap) await authenticateRoadmap(on, roadmap);
}
