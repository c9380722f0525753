import createFetchClient, { type Client, createQuerySerializer } from 'openapi-fetch';
import { apiUrl } from './base-url.js';
import { type Clock, systemClock } from './clock.js';
import type { paths } from './generated/openapi.js';
import { basePath, operationTable } from './operations.js';
import { defaultRateLimit, Pacer, type RateLimit } from './pacer.js';
import { pathSerializer } from './path-serializer.js';
import { PlainRequest } from './plain-request.js';
import { createTransport, type FetchLike } from './transport.js';
import type { CallArgs, DataOf, OperationId } from './types.js';

export interface ClientOptions {
  /** The deployment, e.g. `http://localhost:4010`, or the API's own address `http://localhost:4010/api/v2`. */
  baseUrl: string;
  /** The organizer's key, sent as the `API-KEY` header on every call. */
  apiKey: string;
  /** A fetch to use instead of the global one (tests, proxies, instrumentation). */
  fetch?: FetchLike;
  /** Time-out of each attempt, in milliseconds; default 30 s, 0 for none. */
  timeoutMs?: number;
  /** Pacing under the API's windows; default 100 per minute and 3,000 per hour; `false` to turn off. */
  rateLimit?: RateLimit | false;
  /**
   * Retries after a 429 (any call) or a dropped connection (reads only); default 3. A refused
   * connection or an unknown host is reported at once.
   */
  maxRetries?: number;
  /** Time source for pacing, back-off and draft expiry; injected in tests. */
  clock?: Clock;
}

export interface TasClient {
  /**
   * Calls an operation by its operationId with typed path parameters, query and body; resolves to
   * the envelope's `data`, or rejects with a TasError.
   */
  call<Id extends OperationId>(operation: Id, ...init: CallArgs<Id>): Promise<DataOf<Id>>;
  /** The underlying openapi-fetch client (typed paths), with the same key, pacing and errors. */
  readonly raw: Client<paths>;
  readonly clock: Clock;
}

/** A client for one organizer key on one deployment. */
export function createClient(options: ClientOptions): TasClient {
  checkBaseUrl(options.baseUrl);
  const clock = options.clock ?? systemClock;
  const rateLimit = options.rateLimit === undefined ? defaultRateLimit : options.rateLimit;
  const transport = createTransport({
    fetch: options.fetch ?? ((url, init) => globalThis.fetch(url, init)),
    clock,
    timeoutMs: options.timeoutMs ?? 30_000,
    pacer: rateLimit ? new Pacer(rateLimit, clock) : undefined,
    maxRetries: options.maxRetries ?? 3,
  });
  const raw = createFetchClient<paths>({
    baseUrl: apiUrl(options.baseUrl, basePath),
    fetch: transport as unknown as (request: Request) => Promise<Response>,
    Request: PlainRequest as unknown as typeof Request,
    // Built once: given options instead, openapi-fetch would build a serializer on every call.
    querySerializer: createQuerySerializer(),
    pathSerializer,
    // A default header, not a middleware: with any middleware openapi-fetch adds an id, a frozen
    // options object and two awaits to every call (the bench measured it).
    headers: { 'API-KEY': options.apiKey },
  });

  return {
    raw,
    clock,
    async call(operation, ...[init]) {
      const { method, path } = operationTable[operation];
      const {
        path: pathParams,
        query,
        body,
        signal,
      } = (init ?? {}) as {
        path?: Record<string, string>;
        query?: Record<string, unknown>;
        body?: unknown;
        signal?: AbortSignal;
      };
      // The transport throws on every failure, so a result here is a successful envelope.
      const result = await raw.request(
        method.toLowerCase() as 'get',
        path as '/record/',
        {
          params: { path: pathParams, query },
          body,
          signal,
        } as never,
      );
      return (result.data as unknown as { data: DataOf<typeof operation> }).data;
    },
  };
}

/** A base address without its scheme would fail on every call, after the retries; say so at once. */
function checkBaseUrl(baseUrl: unknown): void {
  const example = "e.g. 'http://localhost:4020'";
  if (typeof baseUrl !== 'string' || baseUrl === '')
    throw new TypeError(`createClient: baseUrl is required, ${example}`);
  let protocol = '';
  try {
    protocol = new URL(baseUrl).protocol;
  } catch {}
  if (protocol !== 'http:' && protocol !== 'https:')
    throw new TypeError(`createClient: baseUrl must start with http:// or https:// (got '${baseUrl}'), ${example}`);
}
