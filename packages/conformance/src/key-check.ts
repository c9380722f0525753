import type { Http } from './http/client.js';
import { TimeoutError } from './http/client.js';
import { RunError } from './select.js';
import type { Exchange } from './types.js';

/**
 * The first requests of a run: the listing with the run's key (and the other key, when given). An
 * answer that is not the API's (an HTML page, a 404 page, no JSON envelope), twice, stops the run
 * before any check: the base URL names something else. A key the target refuses (401 or 403) stops
 * it too, instead of failing every check on the way; any other answer lets the checks judge it.
 */
export async function checkKeys(
  http: Http,
  listingUrl: string,
  other: boolean,
  /** A second address of the API (an unknown record), asked only when the first answer is not the API's. */
  probeUrl?: string,
  /** The API's base (…/api/v2) the listing URL is under: a 404 there says whether --base-url names something else. */
  api?: string,
): Promise<void> {
  const refs = other ? (['main', 'other'] as const) : (['main'] as const);
  for (const key of refs) {
    let exchange: Exchange;
    try {
      exchange = await http.send({ method: 'GET', url: listingUrl, key, headers: {} }, '__key-check');
    } catch (error) {
      if (error instanceof TimeoutError) return; // the checks meet it again, and count it
      throw error;
    }
    if (key === 'main' && !isEnvelope(exchange) && probeUrl) {
      const probe = await http.send({ method: 'GET', url: probeUrl, key, headers: {} }, '__key-check');
      if (!isEnvelope(probe))
        throw new RunError(
          `not the API: GET ${listingUrl} answered ${describe(exchange)} and GET ${probeUrl} ${describe(probe)}, ` +
            'not the JSON envelope {data, successful, messages}; --base-url takes the deployment ' +
            '(http://host or http://host/api/v2/), not a page of its site; no check ran',
        );
    }
    const status = exchange.response.status;
    const odd = status === 404 && key === 'main' ? oddBase(listingUrl, api) : undefined;
    if (odd)
      throw new RunError(
        `not the API: GET ${listingUrl} answered 404 and --base-url ${odd}; --base-url takes the deployment ` +
          '(http://host or http://host/api/v2/); no check ran',
      );
    if (status === 401 || status === 403)
      throw new RunError(
        `the API key was refused (${status} from GET ${listingUrl} with ${key === 'main' ? '--api-key' : '--other-api-key'}); no check ran`,
      );
  }
}

/** Loosely the API's answer: a JSON object with any field of the envelope (the checks judge the rest). */
function isEnvelope(exchange: Exchange): boolean {
  const json = exchange.response.json;
  return (
    typeof json === 'object' &&
    json !== null &&
    !Array.isArray(json) &&
    ['data', 'successful', 'messages'].some((k) => k in json)
  );
}

function describe(exchange: Exchange): string {
  const { status, headers, json } = exchange.response;
  const type = headers['content-type']?.split(';')[0] || 'no Content-Type';
  return `${status} ${type}${json === undefined ? ' (not JSON)' : ''}`;
}

/** A base URL that names another version or a page rather than the deployment, or undefined. */
function oddBase(listingUrl: string, api?: string): string | undefined {
  const { pathname } = new URL(listingUrl);
  const base = api ? new URL(api).pathname.replace(/\/api\/v2\/?$/, '') : pathname.replace(/\/api\/v2\/record\/$/, '');
  const version = /\/api\/(v\d+)$/.exec(base)?.[1];
  // The interface: "The version is part of the path: `/api/v2/`."
  if (version && version !== 'v2') return `names the version ${version} (${base}); the API is /api/v2`;
  if (/\.[a-z]{2,5}$/i.test(base)) return `names a page (${base}), not the deployment`;
  return undefined;
}
