import type { Check } from '../check.js';
import { assumed, refuse, revalue, stated } from '../claims/make.js';
import { describeRead, PAGE_LIMITS, pagingBeyondPlan, readListing } from '../journey/listing.js';
import { Q, S } from '../quotes.js';

export const listingRule1: Check = {
  id: 'listing-rule-1',
  title: 'Filtering the listing by status 2 and auth_required true gives ready records only, a fresh one among them',
  statement: 'Rule 1: records for a new participant are found by filtering status: 2 and auth_required: true',
  kind: 'journey',
  basis: ['listRecords 200'],
  needs: { ready: 1 },
  requests: 2,
  beyondPlan: pagingBeyondPlan(PAGE_LIMITS['listing-rule-1']),
  claims: [
    assumed(
      'listing.exists',
      S.otherEndpointsReferredTo,
      Q.listing,
      "the listing is read at the description's path (paths not shown: another is given with --path)",
      [refuse('listRecords', { value: 404, couldNotRun: true })],
    ),
    stated(
      'listing.filter',
      S.otherEndpointsReferredTo,
      Q.listing,
      'it can be filtered by `status` and `auth_required`',
      [
        revalue('listRecords', '/data/results/0/status', { value: 1 }),
        revalue('listRecords', '/data/results/0/auth_required', { value: false }),
      ],
    ),
    stated('rule.1', S.rules, Q.rule1, 'the filter gives ready, unauthenticated records only', [
      revalue('listRecords', '/data/results/0/status', { value: 1 }),
    ]),
  ],
  judges: ['record.status.2'],
  async run(ctx) {
    const fresh = await ctx.take('ready');
    // The paging is "not shown": the deployment's own, in the conventions the reader knows.
    const read = await readListing(ctx, {
      filter: { status: '2', auth_required: 'true' },
      maxPages: PAGE_LIMITS['listing-rule-1'],
      until: (records) => records.some((r) => r.token === fresh),
      onPage(records, exchange) {
        // Each record read is evidence, whatever the paging: a listed record must fit the filter.
        const wrong = records.filter((r) => r.status !== 2 || r.auth_required !== true);
        ctx.expect(
          wrong.length === 0,
          `rule 1: every listed record has status 2 and auth_required true (${wrong.length} of ${records.length} on this page do not: ${wrong
            .slice(0, 3)
            .map((r) => `${r.token} status ${String(r.status)}, auth_required ${String(r.auth_required)}`)
            .join('; ')})`,
          exchange,
          false,
        );
      },
    });
    if (read.records.some((r) => r.token === fresh)) return;
    if (read.last.response.status !== 200 && !ctx.expectStatus(read.last, 200, 'the filtered listing')) return;
    if (!read.understood)
      ctx.cannotJudge(`whether the filtered listing shows the fresh ready record ${fresh}: ${read.how}`);
    if (!read.complete) ctx.cannotJudge(`the fresh ready record ${fresh} was not among the ${describeRead(read)}`);
    ctx.expect(
      false,
      `rule 1: a fresh ready record ${fresh} is found by the filter; it is not in the listing (${describeRead(read)})`,
      read.last,
      false,
    );
  },
};
