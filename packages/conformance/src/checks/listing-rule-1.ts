import type { Check } from '../check.js';
import { dataOf, recordsOf } from '../journey/steps.js';

/** Pages read at most while looking for the fresh record: bounds the requests on a long listing. */
const MAX_PAGES = 20;

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
    const filter = { status: '2', auth_required: 'true' };
    // The paging is "not shown": ask for big pages, follow the deployment's own links or counts.
    let query: Record<string, string> = { ...filter, page_size: '100' };
    let exchange = await ctx.call('listRecords', { query });
    if (exchange.response.status === 400) {
      query = { ...filter };
      exchange = await ctx.call('listRecords', { query });
    }
    for (let page = 1; ; page++) {
      if (!ctx.expectStatus(exchange, 200, 'the filtered listing')) return;
      const data = dataOf<unknown>(exchange);
      const results = recordsOf(data);
      const wrong = results.filter((r) => r.status !== 2 || r.auth_required !== true);
      ctx.expect(
        wrong.length === 0,
        `rule 1: every listed record has status 2 and auth_required true (${wrong.length} do not)`,
        exchange,
        false,
      );
      if (results.some((r) => r.token === fresh)) return;
      const next = nextQuery(data, query, results.length);
      if (!next) break;
      if (page >= MAX_PAGES)
        ctx.skip(`could not run: the fresh record was not in the first ${MAX_PAGES} pages of the listing`);
      query = next;
      exchange = await ctx.call('listRecords', { query });
    }
    ctx.expect(
      false,
      `rule 1: a fresh ready record ${fresh} is found by the filter (every page read)`,
      exchange,
      false,
    );
  },
};

/** The next page's query by what the page says: a next page number, a next link, or counts. */
export function nextQuery(
  data: unknown,
  query: Record<string, string>,
  got: number,
): Record<string, string> | undefined {
  if (!data || typeof data !== 'object' || Array.isArray(data) || got === 0) return undefined;
  const d = data as Record<string, unknown>;
  if (typeof d.next_page === 'number') return { ...query, page: String(d.next_page) };
  if (d.next_page === null || d.next === null) return undefined;
  const link = typeof d.next === 'string' ? d.next : (d.links as { next?: unknown } | undefined)?.next;
  if (typeof link === 'string' && link) {
    const params = Object.fromEntries(new URL(link, 'http://base.invalid/').searchParams);
    return Object.keys(params).length ? params : undefined;
  }
  const page = Number(d.page ?? query.page ?? 1);
  const size = Number(d.page_size ?? d.per_page ?? got);
  if (typeof d.count === 'number' && page * size < d.count) return { ...query, page: String(page + 1) };
  if (typeof d.total_pages === 'number' && page < d.total_pages) return { ...query, page: String(page + 1) };
  return undefined;
}
