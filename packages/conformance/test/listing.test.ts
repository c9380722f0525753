import { describe, expect, it } from 'vitest';
import { linkNext, type Next, nextPage, pageItems } from '../src/journey/listing.js';
import type { Exchange } from '../src/types.js';

const page = (data: unknown, headers: Record<string, string> = {}): Exchange => ({
  request: { method: 'GET', url: 'http://h/api/v2/record/', key: 'main', headers: {} },
  response: { status: 200, headers, text: '', json: { data, successful: true, messages: [] } },
});
const F = { status: '2', auth_required: 'true' };
const r = (n: number) => Array.from({ length: n }, (_, i) => ({ token: `t${i}` }));

// Each convention QA meets: where the records are, and where the next page is or that none follows.
describe('the listing reader', () => {
  it.each<[string, unknown, string[], Record<string, string>, Next]>([
    [
      'ours: next_page',
      { count: 9, page: 1, page_size: 5, next_page: 2, results: r(5) },
      ['results'],
      F,
      { query: { ...F, page: '2' }, how: 'next_page' },
    ],
    [
      'ours: the last page',
      { count: 9, page: 2, page_size: 5, next_page: null, results: r(4) },
      ['results'],
      F,
      { end: 'next_page null' },
    ],
    [
      'page and pages',
      { total: 12, page: 1, per_page: 5, pages: 3, records: r(5) },
      ['records'],
      F,
      { query: { ...F, page: '2' }, how: 'page and pages' },
    ],
    [
      'page and pages, the last',
      { total: 12, page: 3, per_page: 5, pages: 3, records: r(2) },
      ['records'],
      F,
      { end: 'page 3 of 3' },
    ],
    [
      'page and total_pages',
      { page: 1, total_pages: 2, page_size: 5, items: r(5) },
      ['items'],
      F,
      { query: { ...F, page: '2' }, how: 'page and pages' },
    ],
    [
      'page, size and total',
      { page: 2, page_size: 5, total: 10, data: r(5) },
      ['data'],
      F,
      { end: 'page 2 of 5 records, 10 in all' },
    ],
    [
      'a cursor',
      { items: r(2), next_cursor: 'abc' },
      ['items'],
      F,
      { query: { ...F, cursor: 'abc', limit: '100' }, how: 'next_cursor' },
    ],
    ['a cursor at the end', { items: r(2), next_cursor: null }, ['items'], F, { end: 'next_cursor null' }],
    [
      'has_more false',
      { items: r(2), next_cursor: 'x', has_more: false },
      ['items'],
      F,
      { end: 'next_cursor with has_more false' },
    ],
    [
      'offset and limit',
      { offset: 0, limit: 2, count: 5, rows: r(2) },
      ['rows'],
      F,
      { query: { ...F, offset: '2', limit: '2' }, how: 'offset and limit' },
    ],
    [
      'offset and limit at the end',
      { offset: 4, limit: 2, count: 5, rows: r(1) },
      ['rows'],
      F,
      { end: 'offset 4 + 1 of 5' },
    ],
    [
      'a next link',
      { count: 5, next: 'http://x/api/v2/record/?limit=2&offset=2', previous: null, results: r(2) },
      ['results'],
      F,
      { query: { limit: '2', offset: '2' }, how: "the page's next link" },
    ],
    [
      'no next link',
      { count: 5, next: null, previous: 'http://x/?offset=0', results: r(1) },
      ['results'],
      F,
      { end: 'next null' },
    ],
    [
      'data.records under data.data',
      { data: { records: r(1) }, meta: { page: 1, pages: 1 } },
      ['records'],
      F,
      { end: 'page 1 of 1' },
    ],
    ['an empty first page', { items: [] }, ['items'], F, { end: 'an empty page' }],
    ['a bare array without paging', r(3), [], F, { unknown: true }],
  ])('%s', (_name, data, _where, query, want) => {
    const items = pageItems(data);
    const got = Array.isArray(items) ? items.length : 0;
    expect(nextPage(page(data), query, got, got)).toEqual(want);
  });

  it('finds no records where no convention puts them', () => {
    expect(pageItems({ hits: { a: { token: 'a' } } })).toBeUndefined();
    expect(pageItems({ data: { items: [1] } })).toEqual([1]);
  });

  it.each([
    ['rel="next" among others', '</r/?page=1>; rel="first", </r/?page=3>; rel="next"', '/r/?page=3'],
    ['no rel="next": the last page', '</r/?page=1>; rel="first", </r/?page=1>; rel="prev"', null],
    ['rels listed together', '</r/?page=2>; rel="next last"', '/r/?page=2'],
    ['no header', undefined, undefined],
  ])('Link header: %s', (_name, header, want) => {
    expect(linkNext(header)).toBe(want);
  });

  it('follows a Link header before anything in the body', () => {
    const next = nextPage(page(r(4), { link: '</api/v2/record/?status=2&page=2>; rel="next"' }), F, 4, 4);
    expect(next).toEqual({ query: { status: '2', page: '2' }, how: 'the Link header' });
    expect(nextPage(page(r(4), { link: '</api/v2/record/?page=1>; rel="first"' }), F, 4, 4)).toEqual({
      end: 'a Link header without rel="next"',
    });
  });
});
