import type { FetchLike } from '../../src/index.js';

export interface Answer {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface Sent {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}

/**
 * An injected fetch that answers from a handler and records what was sent: no server, no globals.
 * A handler may return an Answer, a raw Response, or throw (a network failure).
 */
export function fakeFetch(handler: (sent: Sent, index: number) => Answer | Response | Promise<Answer | Response>) {
  const sent: Sent[] = [];
  const fetch: FetchLike = async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const text = await request.text();
    const entry: Sent = {
      method: request.method,
      path: url.pathname,
      query: url.searchParams,
      headers: request.headers,
      body: text ? JSON.parse(text) : undefined,
    };
    sent.push(entry);
    const answer = await handler(entry, sent.length - 1);
    if (answer instanceof Response) return answer;
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json', ...answer.headers },
    });
  };
  return { fetch, sent };
}
