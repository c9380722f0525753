import { type Check, type CheckContext, HarnessShortfall } from '../check.js';
import { stated } from '../claims/make.js';
import { completeAuthentication, journeyFor } from '../journey/authentication.js';
import { describeRead, PAGE_LIMITS, pagingBeyondPlan, readListing } from '../journey/listing.js';
import { profileFor } from '../journey/profile.js';
import { authenticateRecord, dataOf, getRecord, type RecordData } from '../journey/steps.js';
import { Q, S } from '../quotes.js';
import { isSuccess } from '../types.js';

/**
 * A ready standalone record of the other organizer's: made for it where the run provisions (a sandbox),
 * else from its listing (its fixtures are not the suite's to make). Never one from a listing where a
 * record can be made: another run on the same deployment may be using it.
 */
async function otherReadyRecord(ctx: CheckContext): Promise<RecordData | undefined> {
  if (ctx.takeOther) {
    const read = await ctx.call('getRecord', { key: 'other', params: { token: await ctx.takeOther('ready') } });
    return ctx.expectStatus(read, 200, "the other organizer's record")
      ? (dataOf(read) as RecordData | undefined)
      : undefined;
  }
  const standalone = (r: { role?: unknown; status?: unknown; auth_required?: unknown }) =>
    r.role === null && r.status === 2 && r.auth_required === true;
  const listing = await readListing(ctx, {
    key: 'other',
    filter: { status: '2', auth_required: 'true' },
    maxPages: PAGE_LIMITS['external-id-per-organizer'],
    until: (records) => records.some(standalone),
  });
  const theirs = listing.records.find(standalone);
  if (!theirs)
    throw new HarnessShortfall(
      `the other organizer's filtered listing shows no ready standalone record (${describeRead(listing)})`,
    );
  return theirs as RecordData;
}

export const externalIdPerOrganizer: Check = {
  id: 'external-id-per-organizer',
  title: 'An external_id used by one organizer is accepted from another: it is unique per organizer, not overall',
  statement: 'Authentication 3: "A profile\'s `external_id`, when given, is unique per organizer account."',
  kind: 'journey',
  basis: [],
  needs: { ready: 1 },
  otherKey: true,
  requests: 8,
  beyondPlan: pagingBeyondPlan(PAGE_LIMITS['external-id-per-organizer']),
  slowOnLive:
    "it authenticates a ready record of the other organizer (its own listing's), which that organizer then no longer has",
  claims: [
    stated('auth.external_id.per-organizer', S.authentication, Q.unique, 'another organizer may use the same one', [], {
      noBreach:
        'a refusal to generate needs state across organizers: the suite is tested against a deployment that refuses an external_id because another organizer used it (it fails)',
    }),
  ],
  async run(ctx) {
    const externalId = ctx.externalId();
    const record = await getRecord(ctx, await ctx.take('ready'));
    if (!record) return;
    const used = await authenticateRecord(ctx, record, {
      ...profileFor(ctx, record.test ?? {}),
      external_id: externalId,
    });
    if (!used.ok) return;
    const theirs = await otherReadyRecord(ctx);
    if (!theirs) return;
    const mobile = ctx.mobile();
    const params = { token: theirs.token };
    const profile = { ...profileFor(ctx, theirs.test ?? {}), external_id: externalId };
    const first = await ctx.call('authenticateRecord', { key: 'other', params, body: { mobile, profile } });
    const journey = journeyFor('record', Boolean(theirs.tests_auth_required));
    const answer = await completeAuthentication(ctx, journey, { token: theirs.token, mobile, first, key: 'other' });
    ctx.expect(
      isSuccess(answer.response.status),
      `another organizer's profile with external_id ${externalId}, used by this organizer: want it accepted (unique per organizer account), got ${answer.response.status}`,
      answer,
      false,
    );
  },
};
