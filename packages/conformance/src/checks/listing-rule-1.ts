import type { Check } from '../check.js';
import { dataOf, type RecordData } from '../journey/steps.js';

export const listingRule1: Check = {
  id: 'listing-rule-1',
  title: 'Filtering the listing by status 2 and auth_required true gives ready records only, a fresh one among them',
  statement: 'Rule 1: records for a new participant are found by filtering status: 2 and auth_required: true',
  kind: 'journey',
  basis: ['listRecords 200'],
  needs: { ready: 1 },
  requests: 1,
  async run(ctx) {
    const fresh = await ctx.take('ready');
    const exchange = await ctx.call('listRecords', { query: { status: '2', auth_required: 'true', page_size: '100' } });
    if (!ctx.expectStatus(exchange, 200, 'the filtered listing')) return;
    const results = dataOf<{ results?: RecordData[] }>(exchange)?.results ?? [];
    const wrong = results.filter((r) => r.status !== 2 || r.auth_required !== true);
    ctx.expect(
      wrong.length === 0,
      `rule 1: every listed record has status 2 and auth_required true (${wrong.length} do not)`,
      exchange,
      false,
    );
    // Newest first, so a record just created is on the first page.
    ctx.expect(
      results.some((r) => r.token === fresh),
      `rule 1: a fresh ready record ${fresh} is found by the filter`,
      exchange,
      false,
    );
  },
};
