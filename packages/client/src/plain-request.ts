/**
 * The request openapi-fetch builds (its `Request` option), kept as plain fields. The transport sends
 * it as `fetch(url, init)`, like a hand-written call; a platform Request would be built only to be
 * taken apart again, which costs more than the client's whole overhead budget.
 */
export class PlainRequest {
  readonly url: string;
  readonly method: string;
  readonly headers: Headers;
  readonly body: string | undefined;
  readonly signal: AbortSignal | undefined;

  constructor(url: string, init: RequestInit = {}) {
    this.url = url;
    this.method = (init.method ?? 'GET').toUpperCase();
    this.headers = init.headers instanceof Headers ? init.headers : new Headers(init.headers);
    // openapi-fetch serializes bodies with JSON.stringify; the API takes nothing else.
    this.body = typeof init.body === 'string' ? init.body : undefined;
    this.signal = init.signal ?? undefined;
  }
}
