import type { Clock, Exchange, HttpRequest, KeyRef } from '../types.js';
import type { Pacer } from './pacer.js';

export interface HttpOptions {
  fetch: typeof fetch;
  pacer: Pacer;
  clock: Clock;
  keys: { main: string; other?: string };
  /** Called with every exchange, 429s included, before any retry. */
  onExchange?: (exchange: Exchange) => void;
  /** How many 429s in a row to wait out before giving up. */
  maxRateLimitRetries?: number;
}

/** Thrown when the target cannot be reached: the run could not be made (exit code 2). */
export class UnreachableError extends Error {}

/** Paced HTTP: every request waits for the pacer, and a 429 is waited out (its Retry-After, else a minute). */
export function createHttp(options: HttpOptions) {
  const retries = options.maxRateLimitRetries ?? 5;
  async function send(request: HttpRequest, operationId?: string): Promise<Exchange> {
    for (let attempt = 0; ; attempt++) {
      await options.pacer.acquire();
      const exchange = await once(request, operationId);
      options.onExchange?.(exchange);
      if (exchange.response.status !== 429 || attempt >= retries) return exchange;
      const seconds = Number(exchange.response.headers['retry-after']);
      await options.clock.sleep((Number.isFinite(seconds) && seconds >= 0 ? seconds : 60) * 1000);
    }
  }

  async function once(request: HttpRequest, operationId?: string): Promise<Exchange> {
    const headers = { ...request.headers };
    const key = keyValue(request.key, options.keys);
    if (key !== undefined) headers['API-KEY'] = key;
    let res: Response;
    try {
      res = await options.fetch(request.url, { method: request.method, headers, body: request.body });
    } catch (error) {
      throw new UnreachableError(`cannot reach ${request.url}: ${(error as Error).cause ?? (error as Error).message}`);
    }
    const text = await res.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    const responseHeaders: Record<string, string> = {};
    res.headers.forEach((value, name) => {
      responseHeaders[name.toLowerCase()] = value;
    });
    return { request, response: { status: res.status, headers: responseHeaders, text, json }, operationId };
  }

  return { send, requests: () => options.pacer.count() };
}

export type Http = ReturnType<typeof createHttp>;

function keyValue(ref: KeyRef, keys: { main: string; other?: string }): string | undefined {
  if (ref === 'none') return undefined;
  if (ref === 'main') return keys.main;
  if (ref === 'other') return keys.other;
  return ref.literal;
}
