import type { CallOptions, Check, CheckContext } from '../check.js';
import { leak, stated } from '../claims/make.js';
import { dataOf, recordsOf } from '../journey/steps.js';
import { Q, S } from '../quotes.js';

/** One page of the listing as one organizer reads it (big pages asked; a deployment that refuses the size, without). */
export async function listingPage(ctx: CheckContext, key: CallOptions['key'], filter: Record<string, string> = {}) {
  let exchange = await ctx.call('listRecords', { key, query: { ...filter, page_size: '100' } });
  if (exchange.response.status === 400) exchange = await ctx.call('listRecords', { key, query: filter });
  return { exchange, records: recordsOf(dataOf(exchange)) };
}

export const listingTenancy: Check = {
  id: 'listing-tenancy',
  title: "This organizer's listing shows none of another organizer's records",
  statement: "Authentication 1: the API-KEY names the organizer; the record listing returns the organizer's records",
  kind: 'security',
  basis: [],
  otherKey: true,
  requests: 2,
  claims: [
    stated(
      'tenancy.listing',
      S.authentication,
      Q.organizer,
      "this organizer's listing shows none of another organizer's records",
      [leak('listRecords')],
    ),
  ],
  async run(ctx) {
    const theirs = await listingPage(ctx, 'other');
    if (theirs.exchange.response.status !== 200 || !theirs.records.length)
      return ctx.cannotJudge(
        `the other organizer's listing (answered ${theirs.exchange.response.status}) shows no record to look for`,
      );
    const mine = await listingPage(ctx, 'main');
    if (!ctx.expectStatus(mine.exchange, 200, "this organizer's listing")) return;
    const other = new Set(theirs.records.map((r) => r?.token).filter((t) => typeof t === 'string'));
    const shared = mine.records.map((r) => r?.token).filter((t) => other.has(t));
    // A token in both listings is one record that two organizers see: certain, whatever the listing's shape.
    ctx.expect(
      shared.length === 0,
      `this organizer's listing shows ${shared.length} of another organizer's records (${shared.slice(0, 3).join(', ')})`,
      mine.exchange,
      false,
    );
  },
};
