import type { CheckContext } from '../check.js';
import type { PagingStyle } from '../profile/types.js';
import type { Exchange, KeyRef } from '../types.js';
import { dataOf, pageItems, type RecordData, recordsOf } from './steps.js';

export { pageItems, recordsOf };

// The listing's path, parameters, shape and paging are "not shown": the suite reads the common
// conventions, and says what it saw when it meets none, instead of judging what it did not read.

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Where a page's paging sits besides `data` itself. */
const META_KEYS = ['meta', 'pagination', 'paging', 'page_info', 'pageInfo', 'links', '_links'];
/** Asked for on the first page (the description's parameter); a 400 drops it. */
const FIRST_SIZE = { page_size: '100' };
const SIZE = '100';

/** Pages each check reads of a listing at most: what bounds a live run's requests on a long listing. */
export const PAGE_LIMITS = { 'listing-rule-1': 20, 'tenant-isolation': 5, 'external-id-per-organizer': 3 } as const;

/**
 * Requests a listing read of `pages` at most may take beyond the one `plan` counts: every page past
 * the first, the first again without a refused `page_size`, and once more with a bigger page.
 */
export const pagingBeyondPlan = (pages: number) => pages - 1 + 2;

/** What a page shows of itself, for a finding that could not judge: `{total, page, hits}`. */
export function shapeOf(exchange: Exchange): string {
  const json = exchange.response.json;
  if (!isObject(json)) return `a body that is not a JSON object (${exchange.response.status})`;
  const data = json.data;
  const keys = (v: unknown) =>
    Array.isArray(v) ? `an array of ${v.length}` : isObject(v) ? `{${Object.keys(v).join(', ')}}` : String(v);
  return `data ${keys(data)}${isObject(data) && isObject(data.data) ? `, data.data ${keys(data.data)}` : ''}`;
}

/** The paging fields of a page: those of `data`, its `meta`/`pagination`/…, and the envelope's. */
function metaOf(json: unknown): Json {
  const body = isObject(json) ? json : {};
  const data = isObject(body.data) ? body.data : {};
  const inner = isObject(data.data) ? data.data : {};
  const out: Json = {};
  for (const source of [body, ...META_KEYS.map((k) => body[k]), inner, data, ...META_KEYS.map((k) => data[k])])
    if (isObject(source)) for (const [k, v] of Object.entries(source)) if (k !== 'data') out[k] = v;
  return out;
}

const first = (m: Json, ...keys: string[]) => keys.find((k) => k in m);
const num = (v: unknown) =>
  typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : undefined;

/** The URL of a `Link` header's rel="next", or null when the header is there without one, or undefined without the header. */
export function linkNext(header: string | undefined): string | null | undefined {
  if (!header) return undefined;
  for (const part of header.split(/,(?=\s*<)/)) {
    const match = /<([^>]*)>(.*)/.exec(part.trim());
    if (match && /;\s*rel\s*=\s*"?([^";]*\s)?next(\s[^";]*)?"?/i.test(match[2] ?? '')) return match[1] ?? null;
  }
  return null;
}

/** Where the next page is: a query, `end` (the listing said this page was its last), or `unknown`. */
export type Next = { query: Record<string, string>; how: string } | { end: string } | { unknown: true };

/** The convention each way of naming the next page belongs to (`listing.paging.style` keeps one). */
const STYLE_OF: [RegExp, PagingStyle][] = [
  [/Link header|link$/, 'link'],
  [/cursor/i, 'cursor'],
  [/offset/, 'offset'],
  [/page/, 'page'],
];

/**
 * The next page by what the page says: in the conventions listed in the README ("Listing and
 * results"), or in the one `style` names (a profile's `listing.paging.style`); a page of another
 * convention is then one the suite does not recognise.
 */
export function nextPage(
  exchange: Exchange,
  query: Record<string, string>,
  got: number,
  seen: number,
  style: PagingStyle = 'auto',
  base: 0 | 1 = 1,
): Next {
  if (style === 'link') {
    const link = linkNext(exchange.response.headers.link);
    if (link)
      return { query: Object.fromEntries(new URL(link, 'http://base.invalid/').searchParams), how: 'the Link header' };
    return { end: 'no Link header with rel="next" (listing.paging.style: link)' };
  }
  const next = anyNextPage(exchange, query, got, seen, base);
  if (style === 'auto' || !('query' in next)) return next;
  return STYLE_OF.find(([re]) => re.test(next.how))?.[1] === style ? next : { unknown: true };
}

function anyNextPage(exchange: Exchange, query: Record<string, string>, got: number, seen: number, base: 0 | 1): Next {
  const json = exchange.response.json;
  const m = metaOf(json);
  const params = (url: string) => Object.fromEntries(new URL(url, 'http://base.invalid/').searchParams);
  const link = linkNext(exchange.response.headers.link);
  if (typeof link === 'string' && link) return { query: params(link), how: 'the Link header' };
  // A link to the next page, in the body.
  const linkKey = first(m, 'next', 'next_url', 'next_page_url', 'nextPageUrl', 'next_link');
  const bodyLink = linkKey ? m[linkKey] : undefined;
  const nextField = isObject(bodyLink) && typeof bodyLink.href === 'string' ? bodyLink.href : bodyLink;
  if (typeof nextField === 'string' && /[?/]/.test(nextField) && nextField)
    return { query: params(nextField), how: `the page's ${linkKey} link` };
  // A cursor.
  const cursorKey = first(m, 'next_cursor', 'nextCursor', 'cursor_next', 'endCursor');
  const cursor = cursorKey ? m[cursorKey] : undefined;
  const more = m.has_more ?? m.hasMore ?? m.has_next ?? m.hasNextPage;
  if ((typeof cursor === 'string' && cursor) || typeof cursor === 'number') {
    if (more === false) return { end: `${cursorKey} with has_more false` };
    const name = Object.keys(query).find((k) => /cursor|after/.test(k)) ?? 'cursor';
    const size = first(query, 'limit', 'page_size', 'per_page') ?? 'limit';
    return {
      query: { ...filtersOf(query), [name]: String(cursor), [size]: query[size] ?? SIZE },
      how: cursorKey as string,
    };
  }
  if (cursorKey || more === false) return { end: cursorKey ? `${cursorKey} ${String(cursor)}` : 'has_more false' };
  // A next page number.
  const nextPageKey = first(m, 'next_page', 'nextPage');
  if (nextPageKey) {
    const n = num(m[nextPageKey]);
    if (n !== undefined) return { query: { ...query, page: String(n) }, how: nextPageKey };
    if (m[nextPageKey] === null || m[nextPageKey] === false) return { end: `${nextPageKey} ${String(m[nextPageKey])}` };
  }
  if (linkKey && (bodyLink === null || bodyLink === '')) return { end: `${linkKey} ${JSON.stringify(bodyLink)}` };
  if (link === null) return { end: 'a Link header without rel="next"' };
  const total = num(m[first(m, 'count', 'total', 'total_count', 'totalCount', 'total_items', 'totalItems') ?? '']);
  // Offset and limit.
  const offset = num(m.offset ?? m.skip);
  if (offset !== undefined) {
    if (got === 0 || (total !== undefined && offset + got >= total))
      return { end: `offset ${offset} + ${got} of ${total}` };
    if (total === undefined && !('limit' in m)) return { unknown: true };
    const limit = num(m.limit) ?? got;
    if (got < limit) return { end: `${got} records, fewer than the limit ${limit}` };
    return {
      query: { ...filtersOf(query), offset: String(offset + got), limit: String(limit) },
      how: 'offset and limit',
    };
  }
  // Page numbers.
  const page = num(m[first(m, 'page', 'current_page', 'currentPage', 'page_number', 'pageNumber') ?? '']);
  const pages = num(
    m[first(m, 'pages', 'total_pages', 'totalPages', 'last_page', 'page_count', 'pageCount', 'num_pages') ?? ''],
  );
  const sizeKey = first(m, 'per_page', 'page_size', 'pageSize', 'perPage', 'size', 'limit');
  const size = num(m[sizeKey ?? '']);
  // Counted from `base`: page 0 of 3 pages is the first.
  if (page !== undefined && pages !== undefined)
    return page + 1 - base >= pages
      ? { end: `page ${page} of ${pages}` }
      : { query: { ...query, page: String(page + 1) }, how: 'page and pages' };
  if (page !== undefined && total !== undefined && size !== undefined)
    return (page + 1 - base) * size >= total
      ? { end: `page ${page} of ${size} records, ${total} in all` }
      : { query: { ...query, page: String(page + 1) }, how: 'page, size and total' };
  if (total !== undefined && seen >= total) return { end: `${seen} records read of ${total}` };
  // A page with nothing on it, reached by the listing's own paging (or the first): nothing follows.
  if (got === 0) return { end: 'an empty page' };
  return { unknown: true };
}

/** The listing's filters in a query (what every page keeps). */
const filtersOf = (query: Record<string, string>) =>
  Object.fromEntries(Object.entries(query).filter(([k]) => k === 'status' || k === 'auth_required'));

/** The number a first page gives itself (0 or 1), when it gives one. */
function firstPageNumber(exchange: Exchange): 0 | 1 | undefined {
  const m = metaOf(exchange.response.json);
  const n = num(m[first(m, 'page', 'current_page', 'currentPage', 'page_number', 'pageNumber') ?? '']);
  return n === 0 || n === 1 ? n : undefined;
}

/** The page-size parameter a page names, when it is smaller than asked and more pages follow. */
function smallPageSize(exchange: Exchange): string | undefined {
  const m = metaOf(exchange.response.json);
  const key = first(m, 'per_page', 'page_size', 'pageSize', 'perPage');
  const size = num(m[key ?? '']);
  return key && size !== undefined && size < Number(SIZE) ? key : undefined;
}

export interface ListingRead {
  /** The records read, every page's. */
  records: RecordData[];
  pages: number;
  /** The deployment's own paging said the last page read was its last: `every page read` holds. */
  complete: boolean;
  /** How the last page said so, or what the suite saw that it could not page past or read. */
  how: string;
  /** The page items were a list of records the suite recognised. */
  understood: boolean;
  /** The last answer. */
  last: Exchange;
  /** Each page's answer, in order. */
  exchanges: Exchange[];
}

export interface ReadOptions {
  key?: KeyRef;
  filter?: Record<string, string>;
  /** Stop once the records read hold what is looked for. */
  until?: (records: RecordData[]) => boolean;
  maxPages?: number;
  /** Called with each page's records that were read (for expectations on each page). */
  onPage?: (records: RecordData[], exchange: Exchange) => void;
  /**
   * When the record looked for was created (ms): once the records read, newest first, are in creation
   * order and reach an older one, every newer record was read. A listing numbered oldest first past
   * `maxPages` is then read from its last page back.
   */
  since?: number;
}

/** The records, newest first, are in creation order (one older than another, none newer) and reach one created before `since`. */
function reached(newestFirst: RecordData[], since: number) {
  const times = newestFirst.map((r) => (typeof r.create === 'string' ? Date.parse(r.create) : Number.NaN));
  const steps = times.slice(1).map((t, i) => (times[i] as number) - t);
  return (
    !times.some(Number.isNaN) && steps.every((d) => d >= 0) && steps.some((d) => d > 0) && times.some((t) => t < since)
  );
}

/** The number of a numbered listing's last page, when its first page says how many there are. */
function lastPageOf(exchange: Exchange, base: number): number | undefined {
  const m = metaOf(exchange.response.json);
  const last = num(m[first(m, 'last_page', 'lastPage') ?? '']);
  const pages = num(m[first(m, 'pages', 'total_pages', 'totalPages', 'page_count', 'pageCount') ?? '']);
  return last ?? (pages === undefined ? undefined : base + pages - 1);
}

/**
 * Reads the listing page by page, following the deployment's own paging, until `until` holds, the
 * listing says its last page was read, the paging is not one the suite recognises, or `maxPages`.
 * Big pages are asked for (`page_size`, then the size parameter the page names), never required.
 */
export async function readListing(ctx: CheckContext, options: ReadOptions = {}): Promise<ListingRead> {
  const { key, filter = {}, until, maxPages = 20, onPage, since } = options;
  const { paging } = ctx.profile.listing;
  const exchanges: Exchange[] = [];
  const ask = async (query: Record<string, string>, extra: Record<string, string>) => {
    let exchange = await ctx.call('listRecords', { key, query: { ...query, ...extra } });
    if (exchange.response.status === 400 && Object.keys(extra).length) {
      exchanges.push(exchange);
      exchange = await ctx.call('listRecords', { key, query });
    }
    exchanges.push(exchange);
    return exchange;
  };
  let query: Record<string, string> = { ...filter };
  let last = await ask(query, FIRST_SIZE);
  if (new URL(last.request.url).searchParams.has(paging.size)) query = { ...query, ...FIRST_SIZE };
  // Pages count from the profile's base, or from the number the first page gives itself.
  const base = firstPageNumber(last) ?? paging.base;
  const records: RecordData[] = [];
  const asked = new Set<string>();
  let restarted = false;
  for (let pages = 1; ; pages++) {
    const result = (complete: boolean, how: string, understood = true): ListingRead => ({
      records,
      pages,
      complete,
      how,
      understood,
      last,
      exchanges,
    });
    if (last.response.status !== 200) return result(false, `the listing answered ${last.response.status}`, pages > 1);
    const data = dataOf(last);
    const items = pageItems(data);
    if (!items) return result(false, `no list of records under data (${shapeOf(last)})`, false);
    const page = recordsOf(data);
    if (page.length < items.length)
      return result(
        false,
        `${items.length - page.length} of the page's ${items.length} entries are no record with a token (${shapeOf(last)})`,
        false,
      );
    records.push(...page);
    onPage?.(page, last);
    if (until?.(records)) return result(false, 'stopped: found');
    if (since !== undefined && reached(records, since))
      return result(true, `the records read are newest first, down to one created before the one looked for`);
    const next = nextPage(last, query, page.length, records.length, paging.style, base);
    const lastPage = lastPageOf(last, base);
    // Oldest first, past the bound: the newest pages, from the last back, until one holds an older record.
    if (
      since !== undefined &&
      'query' in next &&
      'page' in next.query &&
      lastPage !== undefined &&
      lastPage - base >= maxPages
    )
      for (let at = lastPage, newest: RecordData[] = []; at > lastPage - maxPages + pages; at--) {
        last = await ask({ ...next.query, page: String(at) }, {});
        pages++;
        const back = last.response.status === 200 ? recordsOf(dataOf(last)) : [];
        records.push(...back);
        newest.push(...back.reverse());
        if (until?.(records)) return result(false, 'stopped: found');
        if (reached(newest, since))
          return result(
            true,
            `pages ${lastPage} back to ${at} read, in creation order down to a record created before the one looked for`,
          );
      }
    if ('end' in next) return result(true, next.end);
    if ('unknown' in next)
      return result(
        false,
        `${pages} page${pages === 1 ? '' : 's'} read; no paging the suite recognises (${shapeOf(last)}${last.response.headers.link ? '' : ', no Link header'})`,
      );
    if (pages >= maxPages)
      return result(false, `${pages} pages read, the suite's limit; the listing goes on (${next.how})`);
    // A page smaller than asked, with more to come: the first page again, as big as the page lets.
    const small = pages === 1 && !restarted && 'page' in next.query ? smallPageSize(last) : undefined;
    let nextQuery = next.query;
    if (small) {
      restarted = true;
      records.length = 0;
      nextQuery = { ...query, [small]: SIZE, page: String(base) };
      pages = 0;
    }
    const id = JSON.stringify(Object.entries(nextQuery).sort());
    if (asked.has(id)) return result(false, `the paging (${next.how}) named a page already read`);
    asked.add(id);
    query = nextQuery;
    last = await ask(query, {});
  }
}

/** "N pages read to the last (how)" or what the suite saw: for findings' and skips' messages. */
export function describeRead(read: ListingRead): string {
  const n = `${read.pages} page${read.pages === 1 ? '' : 's'}, ${read.records.length} records`;
  return read.complete ? `every page read (${n}; the last said so: ${read.how})` : `${n} read; ${read.how}`;
}
