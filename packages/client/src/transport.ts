import type { Clock } from './clock.js';
import { type CallSite, TasApiError, TasNetworkError, TasResponseError } from './errors.js';
import { envelopeShape } from './generated/operations.js';
import { isSafeToRepeat, operationOf } from './operations.js';
import type { Pacer } from './pacer.js';
import type { PlainRequest } from './plain-request.js';

/** A fetch as the client calls it: the URL and an init, like `globalThis.fetch(url, init)`. */
export type FetchLike = (url: string, init: RequestInit & { method: string; headers: Headers }) => Promise<Response>;

export interface TransportOptions {
  fetch: FetchLike;
  clock: Clock;
  /** Per attempt; 0 or undefined: no limit. */
  timeoutMs?: number;
  pacer?: Pacer;
  /** Retries after a 429, or after a network failure of a call that is safe to repeat. */
  maxRetries: number;
}

/**
 * The fetch handed to openapi-fetch: paces, times out, retries what is safe to retry, and turns
 * every failure into a typed error. A success comes back as a Response holding the envelope.
 */
export function createTransport(options: TransportOptions): (request: PlainRequest) => Promise<Response> {
  const { fetch, clock, timeoutMs, pacer, maxRetries } = options;
  return async (request: PlainRequest) => {
    const site = new LazySite(request);
    const signal = request.signal;
    // The body is a JSON string, so a retry sends the same init again.
    const init = { method: request.method, headers: request.headers, body: request.body };
    for (let attempt = 0; ; attempt++) {
      const last = attempt >= maxRetries;
      try {
        const turn = pacer?.acquire(signal);
        if (turn) await turn;
      } catch (error) {
        throw new TasNetworkError('aborted', site, 'aborted by the caller while waiting for the rate limit', error);
      }
      let response: Response;
      try {
        response = await send(fetch, request.url, init, signal, timeoutMs, site);
      } catch (error) {
        if (last || !(error instanceof TasNetworkError) || error.kind !== 'network') throw error;
        if (isNoServer(error.cause) || !isSafeToRepeat(site.operation, site.method)) throw error;
        await wait(clock, backoff(attempt), signal, site);
        continue;
      }
      if (response.status === 429 && !last) {
        const seconds = retryAfterSeconds(response);
        const until = clock.now() + (seconds === undefined ? backoff(attempt) : seconds * 1000);
        await response.body?.cancel();
        if (pacer) pacer.pause(until);
        else await wait(clock, until - clock.now(), signal, site);
        continue;
      }
      return envelope(response, site);
    }
  };
}

/** Which operation and path a request is for, worked out only when an error needs to say so. */
class LazySite implements CallSite {
  private path_?: string;
  private operation_?: CallSite['operation'];
  readonly method: string;
  constructor(private readonly request: PlainRequest) {
    this.method = request.method;
  }
  get path(): string {
    this.path_ ??= new URL(this.request.url).pathname;
    return this.path_;
  }
  get operation(): CallSite['operation'] {
    this.operation_ ??= operationOf(this.method, this.path);
    return this.operation_;
  }
}

/** One attempt, with the caller's signal and the time-out combined. */
async function send(
  fetch: FetchLike,
  url: string,
  init: { method: string; headers: Headers; body: string | undefined },
  caller: AbortSignal | undefined,
  timeoutMs: number | undefined,
  site: CallSite,
) {
  if (caller?.aborted) throw new TasNetworkError('aborted', site, 'aborted by the caller', caller.reason);
  if (!caller && !timeoutMs)
    return fetch(url, init).catch((error: unknown) => Promise.reject(networkError(error, site)));
  // A timer cleared as soon as the answer is in: nothing stays scheduled, or reachable, for the
  // rest of the time-out (AbortSignal.timeout would keep both for the full 30 s of every call).
  const controller = new AbortController();
  let timedOut = false;
  const timer = timeoutMs
    ? setTimeout(() => {
        timedOut = true;
        controller.abort(new DOMException(`timed out after ${timeoutMs} ms`, 'TimeoutError'));
      }, timeoutMs)
    : undefined;
  const signal = caller ? AbortSignal.any([caller, controller.signal]) : controller.signal;
  try {
    return await fetch(url, { ...init, signal });
  } catch (error) {
    if (caller?.aborted) throw new TasNetworkError('aborted', site, 'aborted by the caller', error);
    if (timedOut) throw new TasNetworkError('timeout', site, `no answer within ${timeoutMs} ms`, error);
    throw networkError(error, site);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Nothing listens there, or the host has no address: seconds of back-off will not change that, so
 * the caller hears at once. A reset or dropped connection (a busy server) is still retried for reads.
 */
const noServerCodes = new Set(['ECONNREFUSED', 'ENOTFOUND']);

function isNoServer(error: unknown): boolean {
  const cause = (error as { cause?: { code?: unknown; errors?: { code?: unknown }[] } } | undefined)?.cause;
  if (!cause) return false;
  if (noServerCodes.has(cause.code as string)) return true;
  // Node tries every address of a host (::1 and 127.0.0.1) and reports them together.
  return (
    Array.isArray(cause.errors) &&
    cause.errors.length > 0 &&
    cause.errors.every((e) => noServerCodes.has(e?.code as string))
  );
}

function networkError(error: unknown, site: CallSite): TasNetworkError {
  const reason = error instanceof Error ? `${error.message}${causeText(error)}` : String(error);
  return new TasNetworkError('network', site, `network failure: ${reason}`, error);
}

/** Reads the body and checks it is the envelope; an error envelope becomes a TasApiError. */
async function envelope(response: Response, site: CallSite): Promise<Response> {
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw new TasNetworkError('network', site, 'the connection failed while reading the answer', error);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new TasResponseError(site, response.status, `not JSON (${snippet(text)})`);
  }
  const problem = envelopeProblem(body);
  if (problem) throw new TasResponseError(site, response.status, problem);
  const { successful, messages } = body as { successful: boolean; messages: TasApiError['messages'] };
  if (!response.ok || !successful) {
    throw new TasApiError(site, response.status, messages, retryAfterSeconds(response));
  }
  return replay(response, text, body);
}

/**
 * The response with its body already read: text() and json() give what was read. A new Response
 * would make openapi-fetch parse the body a second time, which costs more than the call's network.
 */
function replay(response: Response, text: string, body: unknown): Response {
  // A body is read once, as the platform's. Letting go of it after that matters: a time-out signal
  // keeps the response reachable for the whole time-out, and with it whatever it holds.
  let read = false;
  const once = <T>(value: T): Promise<T> => {
    if (read) return Promise.reject(new TypeError('Body is unusable: Body has already been read'));
    read = true;
    text = '';
    body = undefined;
    return Promise.resolve(value);
  };
  // Plain assignments: every response gets the same two own properties, which stays cheap for the
  // engine where defineProperties is not.
  response.text = () => once(text);
  response.json = () => once(body);
  return response;
}

/** The envelope's shape, from the description (src/generated/operations.ts). */
function envelopeProblem(body: unknown): string | undefined {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return 'the body is not an object';
  const b = body as { [key: string]: unknown };
  // Plain loops: this runs on every answer, and a valid one should allocate nothing.
  for (const name in fields) {
    const type = fields[name] as string;
    if (!(name in b)) return `no \`${name}\``;
    if (type !== 'any' && jsonType(b[name]) !== type)
      return `\`${name}\` is not ${type === 'array' ? 'an' : 'a'} ${type}`;
  }
  const messages = b.messages as { [key: string]: unknown }[];
  for (const m of messages)
    for (const f of envelopeShape.messageFields) if (!m || typeof m[f] !== 'string') return lackingText(messages);
  return undefined;
}

const fields: Record<string, string> = envelopeShape.fields;

/** Which message fields some message lacks: the error text, worked out only on a bad answer. */
function lackingText(messages: { [key: string]: unknown }[]): string {
  const lacking = envelopeShape.messageFields.filter((f) => !messages.every((m) => m && typeof m[f] === 'string'));
  return `a message lacks ${lacking.map((f) => `\`${f}\``).join(' or ')}`;
}

function jsonType(value: unknown): string {
  return Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value;
}

/** Retry-After in its delay-seconds form (as the description states) or as an HTTP date. */
export function retryAfterSeconds(response: Response): number | undefined {
  const raw = response.headers.get('Retry-After');
  if (raw === null || raw.trim() === '') return undefined;
  if (/^\d+$/.test(raw.trim())) return Number(raw);
  const date = Date.parse(raw);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/** 1 s, 2 s, 4 s … capped at a minute, when the server does not say how long to wait. */
export function backoff(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 60_000);
}

async function wait(clock: Clock, ms: number, signal: AbortSignal | undefined, site: CallSite): Promise<void> {
  try {
    await clock.sleep(Math.max(0, ms), signal);
  } catch (error) {
    throw new TasNetworkError('aborted', site, 'aborted by the caller while waiting to retry', error);
  }
}

function causeText(error: Error): string {
  const cause = error.cause as { code?: string; message?: string } | undefined;
  return cause ? ` (${cause.code ?? cause.message ?? String(cause)})` : '';
}

function snippet(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 80 ? `${flat.slice(0, 80)}…` : flat || 'empty body';
}
