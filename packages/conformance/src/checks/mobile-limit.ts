import type { Check } from '../check.js';
import { accept, assumed, stated } from '../claims/make.js';
import { getRoadmap, roadmapAuthBody } from '../journey/roadmap.js';
import { authenticateRecord, getRecord } from '../journey/steps.js';
import { Q, S } from '../quotes.js';
import type { Exchange } from '../types.js';

/** Completed SMS authentications on one mobile before the roadmap authentication that must be refused. */
const COMPLETED = 5;

export const mobileLimit: Check = {
  id: 'mobile-limit',
  title: `SMS mode: after ${COMPLETED} completed authentications on one mobile, roadmap authentication is refused with 400`,
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
      'SMS mode only: no such limit in instant mode',
      [],
      {
        noBreach:
          "the check judges the SMS organizer only: in instant mode it would need more than the limit's unknown value of records to see a refusal that must not come",
      },
    ),
  ],
  async run(ctx) {
    const mobile = ctx.mobile();
    // A refusal before the roadmap is the limit kept at a lower value (its value is not shown), not a failure.
    const at = {
      ...ctx,
      mobile: () => mobile,
      expectStatus: (exchange: Exchange, status: number, what: string) =>
        exchange.response.status === 400 ? false : ctx.expectStatus(exchange, status, what),
    };
    for (let i = 0; i < COMPLETED; i++) {
      const record = await getRecord(ctx, await ctx.take('ready'));
      if (!record) return;
      if (!record.tests_auth_required) ctx.skip('the limit applies in SMS mode only (tests_auth_required false)');
      const auth = await authenticateRecord(at, record);
      // Refused before the roadmap: the limit is lower here; that is the limit being kept.
      if (auth.first.response.status === 400) return;
      if (!auth.ok) return;
    }
    const roadmap = await getRoadmap(ctx, await ctx.take('roadmaps'));
    if (!roadmap) return;
    const body = { ...(await roadmapAuthBody(ctx, roadmap)), mobile };
    const refused = await ctx.call('authenticateRoadmap', { params: { token: roadmap.token }, body });
    // The value of the limit is not shown: a deployment whose limit is higher departs only from our guess.
    ctx.expect(
      refused.response.status === 400,
      `roadmap authentication on a mobile with ${COMPLETED} completed authentications: want 400 (limit reached), got ${refused.response.status}`,
      refused,
      true,
    );
  },
};
