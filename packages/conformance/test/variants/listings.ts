import type { ProxyRequest, ProxyResponse } from '../faults/proxy.js';
import type { Allowed } from './allowed.js';

// Listings of other shapes and paging ("Paths and parameters of record listing …: not shown"): each
// reads the sandbox's whole filtered listing and serves it oldest first, in small pages, so that the
// fresh record a check looks for is on the last page.

const LIST = '/api/v2/record/';
export const json = (status: number, body: unknown, headers: Record<string, string> = {}): ProxyResponse => ({
  status,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});
export const envelope = (data: unknown) => ({ data, successful: true, messages: [] });

type Served = (all: unknown[], asked: URLSearchParams, filters: URLSearchParams) => ProxyResponse;

/** The listing read whole from upstream (the sandbox's own paging), oldest first, then served by `serve`. */
export function listing(serve: Served) {
  return async (req: ProxyRequest, upstream: string): Promise<ProxyResponse | undefined> => {
    if (req.method !== 'GET' || req.path.split('?')[0] !== LIST) return undefined;
    const asked = new URL(req.path, 'http://x').searchParams;
    const filters = new URLSearchParams();
    for (const name of ['status', 'auth_required']) {
      const value = asked.get(name);
      if (value !== null) filters.set(name, value);
    }
    const all: unknown[] = [];
    for (let page = 1; page < 100; page++) {
      const res = await fetch(`${upstream}${LIST}?${filters}&page_size=100&page=${page}`, { headers: req.headers });
      if (res.status !== 200)
        return { status: res.status, headers: { 'content-type': 'application/json' }, body: await res.text() };
      const data = ((await res.json()) as { data: { results: unknown[]; next_page: number | null } }).data;
      all.push(...data.results);
      if (data.next_page === null) break;
    }
    return serve(all.reverse(), asked, filters);
  };
}

export const int = (value: string | null, fallback: number, max: number) =>
  Math.min(max, Math.max(1, Number.parseInt(value ?? '', 10) || fallback));

/** `{total, page, per_page, pages, records}`, taking `page` and `per_page` (3 unless asked, at most 20). */
const pagesPerPage = listing((all, asked) => {
  const perPage = int(asked.get('per_page'), 3, 20);
  const page = int(asked.get('page'), 1, 10_000);
  const records = all.slice((page - 1) * perPage, page * perPage);
  const pages = Math.max(1, Math.ceil(all.length / perPage));
  return json(200, envelope({ total: all.length, page, per_page: perPage, pages, records }));
});

/** `{items, next_cursor}`, taking `limit` (2 unless asked, at most 20) and `cursor` (an opaque position). */
const cursorLimit = listing((all, asked) => {
  const limit = int(asked.get('limit'), 2, 20);
  const from = Number(Buffer.from(asked.get('cursor') ?? '', 'base64url').toString() || '0') || 0;
  const items = all.slice(from, from + limit);
  const next = from + limit < all.length ? Buffer.from(String(from + limit)).toString('base64url') : null;
  return json(200, envelope({ items, next_cursor: next }));
});

/** `{count, next, previous, results}` with absolute links, taking `offset` and `limit` (3 unless asked, at most 20). */
const offsetLimit = listing((all, asked, filters) => {
  const limit = int(asked.get('limit'), 3, 20);
  const offset = Math.max(0, Number.parseInt(asked.get('offset') ?? '0', 10) || 0);
  const link = (at: number) => {
    const q = new URLSearchParams(filters);
    q.set('limit', String(limit));
    q.set('offset', String(at));
    return `http://listing.example${LIST}?${q}`;
  };
  return json(
    200,
    envelope({
      count: all.length,
      next: offset + limit < all.length ? link(offset + limit) : null,
      previous: offset > 0 ? link(Math.max(0, offset - limit)) : null,
      results: all.slice(offset, offset + limit),
    }),
  );
});

/** A bare array as `data`, 4 a page unless `per_page` asks for more (up to 20), with a `Link` header (rel="next" until the last page). */
const linkHeader = listing((all, asked, filters) => {
  const page = int(asked.get('page'), 1, 10_000);
  const per = int(asked.get('per_page'), 4, 20);
  const link = (n: number, rel: string) => {
    const q = new URLSearchParams(filters);
    q.set('page', String(n));
    if (asked.has('per_page')) q.set('per_page', String(per));
    return `<${LIST}?${q}>; rel="${rel}"`;
  };
  const last = Math.max(1, Math.ceil(all.length / per));
  const links = [link(1, 'first'), link(last, 'last'), ...(page < last ? [link(page + 1, 'next')] : [])];
  return json(200, envelope(all.slice((page - 1) * per, page * per)), { link: links.join(', ') });
});

/** Records in a map by token, paged by a field no convention names: nothing a reader can be sure of. */
const unrecognised = listing((all, asked) => {
  const at = int(asked.get('slice'), 1, 10_000);
  const hits = Object.fromEntries(
    all.slice((at - 1) * 3, at * 3).map((r) => [(r as { token: string }).token, r] as const),
  );
  return json(200, envelope({ hits, slice: at, more: at * 3 < all.length }));
});

const WHY = '"Paths and parameters of record listing and of result endpoints: not shown."';

export const LISTINGS: Allowed[] = [
  ['a listing of {total, page, per_page, pages, records}', () => ({ answer: pagesPerPage }), WHY],
  ['a listing of {items, next_cursor} taking limit and cursor', () => ({ answer: cursorLimit }), WHY],
  ['a listing of offset and limit with count, next and previous', () => ({ answer: offsetLimit }), WHY],
  ['a listing paged by a Link header', () => ({ answer: linkHeader }), WHY],
  [
    'a listing of a shape no convention names (its checks could not judge)',
    () => ({ answer: unrecognised }),
    `${WHY} The suite cannot read it: it must say so, never fail it`,
  ],
];
