import type { Check } from '../check.js';
import { revalue, stated } from '../claims/make.js';
import { dataOf } from '../journey/steps.js';
import { Q, S } from '../quotes.js';
import { listingPage } from './listing-tenancy.js';

/** Listed records whose detail is read: one shows a listing that names records it does not have. */
const READ = 1;
/** What never changes in a record: the listing and the detail must agree on it (status may move in between). */
const FIXED = ['token', 'test_id', 'test_title', 'create', 'role'];

export const listingDetail: Check = {
  id: 'listing-detail',
  title:
    "A listed record is the record its detail shows: the detail answers, with the listing's token, test and creation time",
  statement: 'Other endpoints: the record listing returns records; GET /record/{token}/ is the record detail',
  kind: 'journey',
  basis: [],
  requests: 1 + READ,
  claims: [
    stated(
      'consistency.listing-detail',
      S.consistencyBetweenAnswers,
      Q.listing,
      'a listed record is the record its detail shows',
      [
        revalue('listRecords', '/data/results/0/test_id'),
        revalue('listRecords', '/data/results/0/token', { value: '00000000-0000-4000-8000-000000000001' }),
      ],
    ),
  ],
  async run(ctx) {
    const page = await listingPage(ctx, 'main', { status: '2', auth_required: 'true' });
    if (page.exchange.response.status !== 200)
      return ctx.cannotJudge(`the listing answered ${page.exchange.response.status}`);
    const listed = page.records.filter((r) => r && typeof r.token === 'string').slice(0, READ);
    if (!listed.length) return ctx.cannotJudge('the listing shows no record with a token');
    for (const item of listed) {
      const detail = await ctx.call('getRecord', { params: { token: item.token } });
      if (
        !ctx.expect(
          detail.response.status >= 200 && detail.response.status < 300,
          `listed record ${item.token}: its detail answered ${detail.response.status}; a record the listing shows exists`,
          detail,
        )
      )
        continue;
      const a = item as unknown as Record<string, unknown>;
      const b = (dataOf<Record<string, unknown>>(detail) ?? {}) as Record<string, unknown>;
      // Only what both show: a listing may carry fewer fields than the detail.
      const differ = FIXED.filter((f) => f in a && f in b && a[f] !== b[f]);
      ctx.expect(
        differ.length === 0,
        `listed record ${item.token}: the listing and its detail disagree on ${differ.map((f) => `${f} (${String(a[f])} / ${String(b[f])})`).join(', ')}`,
        detail,
      );
    }
  },
};
