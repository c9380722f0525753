import type { IncomingMessage, ServerResponse } from 'node:http';
import { answerMedia, checkRequest, isRefusal, type Operation, type RawBody, routeRequest } from '@tas/openapi';
import { readBody } from '@tas/serve';
import { type Contract, contracts } from './contracts.js';
import { answerForm, formToken } from './forms/submit.js';
import { ApiError, Encoded, failure, ok } from './http/envelope.js';
import { createFairness } from './http/fair.js';
import { CONTROL_RATE_LIMIT, createRateLimiter, type RateLimitOptions } from './http/rate-limit.js';
import { parseTarget, type Target } from './http/target.js';
import { KEY_WORK } from './limits.js';
import type { Db } from './store/db.js';
import { getOrganizer } from './store/rows.js';

/** One answered request, for observers (the tests validate every one against the descriptions). */
export interface Exchange {
  method: string;
  path: string;
  contract?: Contract['name'];
  operation?: Operation;
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

export interface AppOptions {
  db: Db;
  /** API key → organizer id. */
  keys: Map<string, string>;
  rateLimit: RateLimitOptions | false;
  clock: () => number;
  log: (line: string) => void;
  observe?: (exchange: Exchange) => void;
}

const NO_BODY: RawBody = { text: '', tooLarge: false };

const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'Retry-After, Allow',
};
// The headers of almost every answer, built once rather than spread per response.
const JSON_HEADERS = { ...CORS, 'Content-Type': 'application/json; charset=utf-8' };
/** An answer with no headers of its own (most): JSON_HEADERS go out as they are. */
const NO_HEADERS: Record<string, string> = Object.freeze({});
const PREFLIGHT = {
  ...CORS,
  'Access-Control-Allow-Methods': 'GET, POST, PUT, OPTIONS',
  'Access-Control-Allow-Headers': 'API-KEY, Content-Type',
  'Access-Control-Max-Age': '600',
};

// Plain functions, not closures made per request: tsx names each closure it makes, at a cost.
function contractOf(served: Contract[], pathname: string): Contract | undefined {
  for (const c of served) if (pathname.startsWith(c.prefix) && pathname[c.prefix.length] === '/') return c;
  return undefined;
}

/** The sandbox's address as the caller reached it, for the links it answers (the HTML form's action). */
function originOf(req: IncomingMessage): string {
  const host = req.headers.host ?? '';
  const proto = req.headers['x-forwarded-proto'] === 'https' ? 'https' : 'http';
  return `${proto}://${/^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(host) ? host : 'localhost'}`;
}

/** Operations whose work grows with what they list or make: they weigh KEY_WORK.costly. */
const COSTLY = new Set(['listRecords', 'listRoadmaps', 'createRoadmap', 'readSmsOutbox', 'reset']);

const DATA_HEAD = Buffer.from('{"data":');
const DATA_TAIL = Buffer.from(',"successful":true,"messages":[]}');

/** The envelope as JSON text; data built in steps comes already encoded, in pieces sent as they are. */
function encode(body: unknown): string | Buffer[] {
  const { data } = body as { data: unknown };
  return data instanceof Encoded ? [DATA_HEAD, ...data.chunks, DATA_TAIL] : JSON.stringify(body);
}

/** Sends the envelope; pieces go out one by one, the length they add up to stated. */
function send(res: ServerResponse, status: number, headers: Record<string, string>, text: string | Buffer[]): void {
  if (typeof text === 'string') {
    res.writeHead(status, headers).end(text);
    return;
  }
  const length = text.reduce((n, chunk) => n + chunk.length, 0);
  res.writeHead(status, { ...headers, 'Content-Length': String(length) });
  for (const chunk of text) res.write(chunk);
  res.end();
}

/** A logger that drops every line; the app skips building lines for it. */
export const quiet = (_line: string): void => {};

export function createApp(o: AppOptions) {
  const served = contracts();
  const limit = o.rateLimit ? createRateLimiter(o.rateLimit) : undefined;
  // The control API has a limit of its own, on the real clock: moving the clock resets the API's
  // windows (they are on the sandbox clock), never this one.
  const controlLimit = o.rateLimit ? createRateLimiter(CONTROL_RATE_LIMIT) : undefined;
  const fair = createFairness();

  async function answer(
    req: IncomingMessage,
    res: ServerResponse,
    url: Target | undefined,
    raw: RawBody,
  ): Promise<Omit<Exchange, 'method' | 'path'> & { sent?: () => void }> {
    let contract: Contract | undefined;
    let operation: Operation | undefined;
    try {
      if (!url) throw ApiError.of(400, 'bad_request', 'The request target is not a URL path.');
      const key = req.headers['api-key'];
      if (key === undefined || key === '') throw ApiError.of(401, 'missing_api_key', 'The API-KEY header is required.');
      const org = getOrganizer(o.db, o.keys.get(String(key)) ?? '');
      if (!org) throw ApiError.of(401, 'invalid_api_key', 'The API-KEY header does not name an organizer.');
      const baseNow = o.clock();
      const now = baseNow + org.clock_offset_ms;
      const found = contractOf(served, url.pathname);
      contract = found;
      // The API's rate limit on the organizer's clock; the control API's own, on the real one.
      if (found?.name !== 'control') limit?.(org.id, now);
      else controlLimit?.(org.id, baseNow);
      // A path under no contract is refused by routeRequest, so past it `api` is the one found.
      const api = found ?? (served[0] as Contract);
      const match = routeRequest(
        api.operations,
        req.method ?? 'GET',
        found && url.pathname.slice(found.prefix.length),
        url.pathname,
        api.prefix,
      );
      if (isRefusal(match)) throw new ApiError(match.status, match.messages, match.headers);
      operation = match.operation;
      const valid = checkRequest(api.validator, operation, match.params, url.query, req.headers['content-type'], raw);
      if (isRefusal(valid)) throw new ApiError(valid.status, valid.messages, valid.headers);
      const handler = api.handlers[operation.operationId] as NonNullable<Contract['handlers'][string]>;
      // The key's units stay taken until the answer is sent or the connection is gone.
      const release = await fair.enter(org.id, COSTLY.has(operation.operationId) ? KEY_WORK.costly : 1);
      if (req.socket.destroyed) release();
      else res.once('close', release);
      // Each step's time, from its turn to the next (or to the answer's sending), is charged to the key.
      let resumed = 0;
      const charge = () => fair.charge(org.id, performance.now() - resumed);
      const turn = async () => {
        charge();
        await fair.turn(org.id);
        resumed = performance.now();
      };
      await fair.turn(org.id);
      resumed = performance.now();
      const view = { db: o.db, testsAuthRequired: org.tests_auth_required === 1, now };
      const origin = originOf(req);
      const data = await handler({
        db: o.db,
        org,
        now,
        baseNow,
        view,
        origin,
        // Validated against this operation, whose types its handler takes (src/generated/).
        params: valid.params as never,
        body: valid.body as never,
        turn,
      });
      return { contract: api.name, operation, status: 200, headers: NO_HEADERS, body: ok(data), sent: charge };
    } catch (error) {
      const where = { contract: contract?.name, operation };
      if (error instanceof ApiError)
        return { ...where, status: error.status, headers: error.headers, body: failure(error.messages) };
      o.log(`internal error: ${(error as Error).stack ?? String(error)}`);
      return {
        ...where,
        status: 500,
        headers: {},
        body: failure([{ code: 'internal_error', text: 'The sandbox failed on this request; see its log.' }]),
      };
    }
  }

  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now();
    const url = parseTarget(req.url ?? '/');
    const method = req.method ?? 'GET';
    let status: number;
    // Sample media, where the description says a relative media path resolves: no API key.
    const media = url && answerMedia(method, url.pathname);
    if (media) {
      req.resume();
      status = media.status;
      res.writeHead(status, media.headers).end(media.body);
    } else if (url && formToken(url.pathname) !== undefined) {
      // An HTML questionnaire's own submission: a form post, no API key (forms/submit.ts).
      const hasBody = req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined;
      if (!hasBody) req.resume();
      const raw = hasBody ? await readBody(req) : NO_BODY;
      const form = answerForm(
        o.db,
        o.clock,
        method,
        formToken(url.pathname) as string,
        req.headers['content-type'],
        raw,
      );
      status = form.status;
      res.writeHead(status, form.headers).end(form.body);
    } else if (method === 'OPTIONS') {
      req.resume();
      status = 204;
      res.writeHead(status, PREFLIGHT).end();
    } else {
      // A request without Content-Length or Transfer-Encoding has no body (RFC 9112 §6.3): answer
      // it at once instead of waiting a turn of the loop for the stream's end.
      const hasBody = req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined;
      if (!hasBody) req.resume();
      const raw = hasBody ? await readBody(req) : NO_BODY;
      const { sent, ...exchange } = await answer(req, res, url, raw);
      status = exchange.status;
      const text = encode(exchange.body);
      send(
        res,
        status,
        exchange.headers === NO_HEADERS ? JSON_HEADERS : { ...JSON_HEADERS, ...exchange.headers },
        text,
      );
      sent?.();
      if (o.observe) {
        const json = typeof text === 'string' ? text : Buffer.concat(text).toString();
        o.observe({ method, path: url?.pathname ?? String(req.url), ...exchange, body: JSON.parse(json) });
      }
    }
    // One line per request; never the API key.
    if (o.log !== quiet)
      o.log(
        `${method} ${url ? url.pathname + url.search : req.url} ${status} ${(performance.now() - started).toFixed(1)}ms`,
      );
  };
}
