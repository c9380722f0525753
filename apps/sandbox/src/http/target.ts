import { targetUrl } from '@tas/serve';

/** The request target (`req.url`): its path, its query string, and the query's parameters. */
export interface Target {
  pathname: string;
  /** `?…` as sent, or empty. */
  search: string;
  query: URLSearchParams;
}

// Targets that URL parsing would leave as they are: an absolute path of unreserved and sub-delim
// characters (no dot segments, percent-escapes, backslashes or a leading `//` for URL to rewrite),
// and a query of characters it does not escape. Almost every request is one.
const PLAIN_PATH = /^\/(?!\/)[A-Za-z0-9\-_~!$&()*+,;=:@/]*$/;
const PLAIN_QUERY = /^[A-Za-z0-9\-_.~!$&()*+,;=:@/?%]*$/;

/**
 * Splits a target by hand when it is plain; any other goes through URL, which normalizes it.
 * Undefined when URL cannot read it either (an absolute-form target with a broken host).
 */
export function parseTarget(raw: string): Target | undefined {
  const q = raw.indexOf('?');
  const path = q === -1 ? raw : raw.slice(0, q);
  const search = q === -1 ? '' : raw.slice(q);
  if (PLAIN_PATH.test(path) && PLAIN_QUERY.test(search.slice(1)))
    return { pathname: path, search: search === '?' ? '' : search, query: new URLSearchParams(search) };
  const url = targetUrl(raw, 'http://sandbox');
  if (!url) return undefined;
  return { pathname: url.pathname, search: url.search, query: url.searchParams };
}
