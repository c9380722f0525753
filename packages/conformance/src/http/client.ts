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
  /** How long one request may take, answer body included (real time). */
  timeoutMs?: number;
  /** After this many time-outs in a row the run stops. */
  maxTimeouts?: number;
  /** Told as a wait for a 429 begins: how long, and why. */
  onWait?: (message: string) => void;
}

/** Thrown when the target cannot be reached: the run could not be made (exit code 2). */
export class UnreachableError extends Error {}

/** No answer in time: a failing finding of the check that sent it; the run goes on. */
export class TimeoutError extends Error {
  constructor(
    readonly request: HttpRequest,
    readonly seconds: number,
  ) {
    super(`no answer within ${seconds} s (--timeout)`);
  }
}

/** Too many time-outs in a row: the run stops (exit code 2) with what it has. */
export class TooManyTimeoutsError extends Error {}

export const DEFAULT_TIMEOUT_SECONDS = 30;

/** Paced HTTP: every request waits for the pacer, and a 429 is waited out (its Retry-After, else a minute). */
export function createHttp(options: HttpOptions) {
  const retries = options.maxRateLimitRetries ?? 5;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_SECONDS * 1000;
  const maxTimeouts = options.maxTimeouts ?? 5;
  let waited = 0;
  let timeoutsInARow = 0;

  /** Waits on the clock, counting the time as rate-limit wait. */
  async function wait(step: () => Promise<void>) {
    const begin = options.clock.now();
    await step();
    waited += options.clock.now() - begin;
  }

  async function send(request: HttpRequest, operationId?: string): Promise<Exchange> {
    for (let attempt = 0; ; attempt++) {
      await wait(() => options.pacer.acquire());
      const exchange = await once(request, operationId);
      options.onExchange?.(exchange);
      if (exchange.response.status !== 429 || attempt >= retries) return exchange;
      const header = exchange.response.headers['retry-after'];
      const given = Number(header);
      const seconds = header !== undefined && Number.isFinite(given) && given >= 0 ? given : 60;
      const after = header === undefined ? 'no Retry-After: a minute' : `Retry-After ${header}`;
      options.onWait?.(`waiting ${seconds} s for the rate limit: the target answered 429 (${after})`);
      await wait(() => options.clock.sleep(seconds * 1000));
    }
  }

  async function once(request: HttpRequest, operationId?: string, retried = false): Promise<Exchange> {
    const headers = { ...request.headers };
    const key = keyValue(request.key, options.keys);
    if (key !== undefined) headers['API-KEY'] = key;
    const signal = AbortSignal.timeout(timeoutMs);
    let status: number;
    let text: string;
    const responseHeaders: Record<string, string> = {};
    try {
      const res = await options.fetch(request.url, { method: request.method, headers, body: request.body, signal });
      status = res.status;
      res.headers.forEach((value, name) => {
        responseHeaders[name.toLowerCase()] = value;
      });
      text = await res.text();
    } catch (error) {
      if (signal.aborted) {
        timeoutsInARow++;
        if (timeoutsInARow >= maxTimeouts)
          throw new TooManyTimeoutsError(
            `${timeoutsInARow} requests in a row got no answer within ${timeoutMs / 1000} s; the run stopped`,
          );
        throw new TimeoutError(request, timeoutMs / 1000);
      }
      // A kept-alive connection the server closed as it was reused: a GET is sent again, once.
      if (!retried && request.method === 'GET' && resetBeforeAnswer(error)) return once(request, operationId, true);
      throw new UnreachableError(`cannot reach ${request.url}: ${(error as Error).cause ?? (error as Error).message}`);
    }
    timeoutsInARow = 0;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { request, response: { status, headers: responseHeaders, text, json }, operationId };
  }

  return { send, requests: () => options.pacer.count(), waitedMs: () => waited };
}

export type Http = ReturnType<typeof createHttp>;

function keyValue(ref: KeyRef, keys: { main: string; other?: string }): string | undefined {
  if (ref === 'none') return undefined;
  if (ref === 'main') return keys.main;
  if (ref === 'other') return keys.other;
  return ref.literal;
}

function resetBeforeAnswer(error: unknown): boolean {
  const code = ((error as { cause?: { code?: string } }).cause ?? (error as { code?: string }))?.code;
  return code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE';
}
