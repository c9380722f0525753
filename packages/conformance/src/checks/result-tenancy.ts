import type { Check } from '../check.js';
import { leak, stated } from '../claims/make.js';
import { finishedRecord } from '../journey/steps.js';
import { Q, S } from '../quotes.js';

export const resultTenancy: Check = {
  id: 'result-tenancy',
  title: "Another organizer cannot read this organizer's results",
  statement: "Authentication 1: the API-KEY names the organizer; records belong to an organizer (404 for another's)",
  kind: 'security',
  basis: ['getResult 404'],
  needs: { ready: 1 },
  otherKey: true,
  requests: 8,
  claims: [
    stated('tenancy.result', S.authentication, Q.organizer, "another organizer's key does not read its result", [
      leak('getResult'),
    ]),
  ],
  async run(ctx) {
    // A result exists only once its record is finished: another organizer asking for it then is the read to refuse.
    const done = await finishedRecord(ctx);
    if (!done) return;
    // Accepted is the breach (stated); 404 rather than 403 is the description's choice.
    ctx.expectRefused(
      await ctx.call('getResult', { key: 'other', params: { token: done.record.token } }),
      404,
      "another organizer's read of this organizer's result",
    );
  },
};
