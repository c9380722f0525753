// parseTarget's shortcut must give what URL parsing gives, for every kind of target.
import { describe, expect, it } from 'vitest';
import { parseTarget } from '../src/http/target.js';

const viaUrl = (raw: string) => {
  const url = new URL(raw, 'http://sandbox');
  return { pathname: url.pathname, search: url.search, query: [...url.searchParams] };
};

describe('parseTarget', () => {
  it.each([
    '/',
    '/api/v2/record/',
    '/api/v2/record/65f5a6af-274b-4a6c-8735-6ab3e72d67f2/',
    '/api/v2/record/?status=2&auth_required=true',
    '/api/v2/record/?page=2&page_size=10&page=3',
    '/api/v2/record/?',
    '/api/v2/record/?a=%20b&c=d+e',
    '/api/v2/record/?mobile=09121234567&x=y.z',
    '/__sandbox/sms/?mobile=09121234567',
    '/api/v2/record/a%20b/',
    '/api/v2/record/%D8%B9%D9%84%DB%8C/',
    '/api/v2/record/../roadmap/x/',
    '/api/v2/./record/x/',
    '/api/v2/record/%2e%2e/x/',
    '//evil.example/api/v2/record/',
    '/api\\v2\\record\\',
    '/api/v2/record/a b/',
    '/api/v2/record/x/#frag',
    '/api/v2/record/?q=a b',
    "/api/v2/record/?q='x'",
    '/api/v2/record/?q=%',
    '/api/v2/record/علی/',
    '*',
  ])('%s is parsed as URL parses it', (raw) => {
    const target = parseTarget(raw);
    expect({ pathname: target?.pathname, search: target?.search, query: [...(target?.query ?? [])] }).toEqual(
      viaUrl(raw),
    );
  });

  // given → want: targets URL throws on (an empty or broken host) are paths; one it cannot read at all is none.
  it.each([
    ['//', '//'],
    ['//:x/api/v2/record/', '//:x/api/v2/record/'],
    ['http://[/api/v2/record/', undefined],
  ])('%s has the path %s', (raw, want) => {
    expect(parseTarget(raw)?.pathname).toBe(want);
  });
});
