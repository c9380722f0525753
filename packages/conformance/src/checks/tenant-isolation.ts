import type { Check } from '../check.js';
import { leak, stated } from '../claims/make.js';
import type { Schemas } from '../described.js';
import { describeRead, PAGE_LIMITS, pagingBeyondPlan, readListing } from '../journey/listing.js';
import { profileFor } from '../journey/profile.js';
import { dataOf } from '../journey/steps.js';
import { Q, S } from '../quotes.js';
import { AUTHENTICATED, sharedAuthenticated } from '../refusal/shared.js';

export const tenantIsolation: Check = {
  id: 'tenant-isolation',
  title: "Another organizer cannot read or use this organizer's records and roadmaps",
  statement: "Authentication 1: the API-KEY names the organizer; records belong to an organizer (404 for another's)",
  kind: 'security',
  basis: ['getRecord 404', 'getRoadmap 404'],
  needs: { ready: 1, roadmaps: 1 },
  otherKey: true,
  shares: [AUTHENTICATED],
  requests: 9,
  beyondPlan: pagingBeyondPlan(PAGE_LIMITS['tenant-isolation']),
  claims: [
    stated(
      'tenancy.record',
      S.authentication,
      Q.organizer,
      "another organizer's key does not read this organizer's record",
      [leak('getRecord')],
    ),
    stated('tenancy.questions', S.authentication, Q.organizer, "another organizer's key does not read its questions", [
      leak('getQuestions'),
    ]),
    stated('tenancy.roadmap', S.authentication, Q.organizer, "another organizer's key does not read its roadmap", [
      leak('getRoadmap'),
    ]),
    stated(
      'tenancy.record-auth',
      S.authentication,
      Q.organizer,
      "another organizer's key does not authenticate its record",
      [leak('authenticateRecord')],
    ),
  ],
  judges: ['record.profile.unlinked'],
  async run(ctx) {
    const record = await ctx.take('ready');
    const roadmap = await ctx.take('roadmaps');
    // When it was made: a listing read newest first down to an older record has shown every newer one.
    const created = dataOf<Schemas['RecordDetail']>(await ctx.call('getRecord', { params: { token: record } }))?.create;
    const other = { key: 'other' as const };
    // Accepted is the breach (stated); 404 rather than 403 is the description's choice.
    ctx.expectRefused(
      await ctx.call('getRecord', { ...other, params: { token: record } }),
      404,
      "another organizer's record",
    );
    ctx.expectRefused(
      await ctx.call('getQuestions', { ...other, params: { token: record } }),
      404,
      "another organizer's questions",
    );
    ctx.expectRefused(
      await ctx.call('getRoadmap', { ...other, params: { token: roadmap } }),
      404,
      "another organizer's roadmap",
    );
    // Questions are served only once authenticated: another organizer must not get them then either.
    const authenticated = await sharedAuthenticated(ctx);
    if (authenticated)
      ctx.expectRefused(
        await ctx.call('getQuestions', { ...other, params: { token: authenticated.record.token } }),
        404,
        "another organizer's questions of an authenticated record",
      );
    const profile = profileFor(ctx, {});
    ctx.expectRefused(
      await ctx.call('authenticateRecord', {
        ...other,
        params: { token: record },
        body: { mobile: ctx.mobile(), profile },
      }),
      404,
      "another organizer authenticating this organizer's record",
    );
    // The record is fresh and ready: a listing that leaks it shows it under the filter of rule 1.
    const list = await readListing(ctx, {
      ...other,
      filter: { status: '2', auth_required: 'true' },
      maxPages: PAGE_LIMITS['tenant-isolation'],
      until: (records) => records.some((r) => r.token === record),
      since: typeof created === 'string' ? Date.parse(created) : undefined,
    });
    const leaked = list.records.some((r) => r.token === record);
    ctx.expect(!leaked, "another organizer's listing does not show this organizer's record", list.last, false);
    // Not seen is not "not shown" unless every page was read.
    const unread =
      leaked || list.complete || list.last.response.status >= 400
        ? undefined
        : `whether another organizer's listing shows this organizer's record ${record}: ${describeRead(list)}`;
    // The record is still this organizer's, untouched.
    const own = await ctx.call('getRecord', { params: { token: record } });
    if (ctx.expectStatus(own, 200, 'the record with its own key'))
      ctx.expect(
        dataOf<Schemas['RecordDetail']>(own)?.profile === null,
        "another organizer's calls linked no profile to the record",
        own,
        false,
      );
    if (unread) ctx.cannotJudge(unread);
  },
};
