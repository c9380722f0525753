import type { IncomingMessage, ServerResponse } from 'node:http';
import { answerMedia, checkRequest, isRefusal, type Operation, type RawBody, routeRequest } from '@tas/openapi';
import { clientOf, readBody } from '@tas/serve';
import { type Contract, contracts } from './contracts.js';
import { refuse } from './errors/index.js';
import type { FormSecrets } from './forms/secret.js';
import { answerForm, formRefusal, formToken } from './forms/submit.js';
import { KEY_WORK, KEYLESS } from './hosting-quotas.js';
import { createCors } from './http/cors.js';
import { ApiError, Encoded, failure, ok } from './http/envelope.js';
import { createFairness } from './http/fair.js';
import { CONTROL_RATE_LIMIT, createRateLimiter, type RateLimitOptions } from './http/rate-limit.js';
import { parseTarget, type Target } from './http/target.js';
import type { Caller, KeyRing } from './keys/ring.js';
import type { Db } from './store/db.js';
import { getOrganizer, type OrganizerRow } from './store/rows.js';

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
  /** Who an API-KEY names (the default keys, the host key, partner keys). */
  keys: KeyRing;
  rateLimit: RateLimitOptions | false;
  clock: () => number;
  log: (line: string) => void;
  observe?: (exchange: Exchange) => void;
  /** The sandbox's public address (`http://host:port`, no trailing slash), for the HTML form's action. */
  publicUrl: () => string;
  /** Origins a browser page may call from (`*` any); default the origins of this machine. */
  cors?: readonly string[];
  formSecrets: FormSecrets;
  /** What `GET /` says: where to read, and which keys work here. */
  rootText: string;
}

const NO_BODY: RawBody = { text: '', tooLarge: false };
const JSON_TYPE = { 'Content-Type': 'application/json; charset=utf-8' };
/** An answer with no headers of its own (most). */
const NO_HEADERS: Record<string, string> = Object.freeze({});
const PREFLIGHT = {
  'Access-Control-Allow-Methods': 'GET, POST, PUT, OPTIONS',
  'Access-Control-Allow-Headers': 'API-KEY, Content-Type',
  'Access-Control-Max-Age': '600',
};
/** What the host key is, where an operation wants an organizer: it names none. */
const HOST_ORG: Readonly<OrganizerRow> = Object.freeze({
  id: '',
  tests_auth_required: 0,
  clock_offset_ms: 0,
  case_seq: 0,
});
/** All keyless work (form posts) takes turns under one name: together, no more than one key's share. */
const KEYLESS_WORK = '\0keyless';
const HOST_WORK = '\0host';

// Plain functions, not closures made per request: tsx names each closure it makes, at a cost.
function contractOf(served: Contract[], pathname: string): Contract | undefined {
  for (const c of served) if (pathname.startsWith(c.prefix) && pathname[c.prefix.length] === '/') return c;
  return undefined;
}

/** A request without Content-Length or Transfer-Encoding has no body (RFC 9112 §6.3). */
const hasBody = (req: IncomingMessage) =>
  req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined;

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

/** A request its headers admit: what the rest of its answer needs. */
interface Admitted {
  api: Contract;
  operation: Operation;
  params: Record<string, string>;
  org: Readonly<OrganizerRow>;
  /** Whose turns and limits the call counts against: the organizer, or the host. */
  worker: string;
  baseNow: number;
  figures: Record<string, string>;
}

/** A request refused from its headers, and where it was going when that was known. */
interface Refused {
  refusal: ApiError;
  contract?: Contract['name'];
  operation?: Operation;
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
  const keylessLimit = o.rateLimit ? createRateLimiter(KEYLESS) : undefined;
  const corsFor = createCors(o.cors);

  /** A keyless request's turn of its client's budget (429 past it), on the real clock. */
  function chargeKeyless(req: IncomingMessage): void {
    keylessLimit?.(clientOf(req), o.clock());
  }

  /**
   * Who the request's key names, before any of its body is read: a request without a key that names
   * an organizer or the host costs its client address's keyless budget and is refused 401.
   */
  function identify(req: IncomingMessage, url: Target | undefined): Caller {
    if (!url) throw refuse('badTarget');
    const key = req.headers['api-key'];
    const caller = key === undefined || key === '' ? undefined : o.keys(String(key));
    if (caller) return caller;
    chargeKeyless(req);
    if (url.pathname === '/') throw refuse('root', { text: o.rootText });
    throw refuse(key === undefined || key === '' ? 'missingApiKey' : 'invalidApiKey');
  }

  /**
   * Everything decided from the request line and headers, before any of the body is read: the
   * caller's organizer, the key's rate limit (a call past it is refused unread), the operation.
   */
  function admit(req: IncomingMessage, url: Target, caller: Caller): Admitted | Refused {
    let contract: Contract | undefined;
    let operation: Operation | undefined;
    // The key's rate-limit figures, on every answer once counted (a refusal after counting too).
    let figures = NO_HEADERS;
    try {
      const org = caller.host ? HOST_ORG : getOrganizer(o.db, caller.organizer);
      // A key revoked since it was read.
      if (!org) throw refuse('invalidApiKey');
      const worker = caller.host ? HOST_WORK : org.id;
      const baseNow = o.clock();
      contract = contractOf(served, url.pathname);
      // Both limits count real time: moving an organizer's clock opens no new window.
      figures = (contract?.name !== 'control' ? limit : controlLimit)?.(worker, baseNow) ?? NO_HEADERS;
      // A path under no contract is refused by routeRequest, so past it `api` is the one found.
      const api = contract ?? (served[0] as Contract);
      const match = routeRequest(
        api.operations,
        req.method ?? 'GET',
        contract && url.pathname.slice(contract.prefix.length),
        url.pathname,
        api.prefix,
      );
      if (isRefusal(match)) throw new ApiError(match.status, match.messages, match.headers);
      operation = match.operation;
      if (api.hostOnly.has(operation.operationId) !== (caller.host === true))
        throw refuse(caller.host ? 'hostKeyNoOrganizer' : 'hostKeyRequired');
      return { api, operation, params: match.params, org, worker, baseNow, figures };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return { refusal: error.with(figures), contract: contract?.name, operation };
    }
  }

  async function answer(
    req: IncomingMessage,
    res: ServerResponse,
    url: Target,
    a: Admitted,
    raw: RawBody,
  ): Promise<Omit<Exchange, 'method' | 'path'> & { sent?: () => void }> {
    const { api, operation, org, worker, baseNow, figures } = a;
    const where = { contract: api.name, operation };
    try {
      // The key's units stay taken until the answer is sent or the connection is gone.
      const release = await fair.enter(worker, COSTLY.has(operation.operationId) ? KEY_WORK.costly : 1);
      if (req.socket.destroyed) release();
      else res.once('close', release);
      // Each step's time, from its turn to the next (or to the answer's sending), is charged to the key.
      let resumed = 0;
      const charge = () => fair.charge(worker, performance.now() - resumed);
      const turn = async () => {
        charge();
        await fair.turn(worker);
        resumed = performance.now();
      };
      await fair.turn(worker);
      resumed = performance.now();
      // Checked in the key's own turn: a costly body delays its own key, not the others.
      const valid = checkRequest(api.validator, operation, a.params, url.query, req.headers['content-type'], raw);
      if (isRefusal(valid)) {
        charge();
        throw new ApiError(valid.status, valid.messages, valid.headers);
      }
      const now = baseNow + org.clock_offset_ms;
      const view = { db: o.db, testsAuthRequired: org.tests_auth_required === 1, now };
      const handler = api.handlers[operation.operationId] as NonNullable<Contract['handlers'][string]>;
      const data = await handler({
        db: o.db,
        org,
        now,
        baseNow,
        view,
        origin: o.publicUrl(),
        formSecret: (token) => o.formSecrets.issue(token, baseNow),
        // Validated against this operation, whose types its handler takes (src/generated/).
        params: valid.params as never,
        body: valid.body as never,
        turn,
      });
      return { ...where, status: 200, headers: figures, body: ok(data), sent: charge };
    } catch (error) {
      if (error instanceof ApiError)
        return {
          ...where,
          status: error.status,
          headers: { ...figures, ...error.headers },
          body: failure(error.messages),
        };
      o.log(`internal error: ${(error as Error).stack ?? String(error)}`);
      return {
        ...where,
        status: 500,
        headers: {},
        body: failure([{ code: 'internal_error', text: 'The sandbox failed on this request; see its log.' }]),
      };
    }
  }

  /** A form post: the client address's keyless budget, a small body, a turn among keyless work. */
  async function form(req: IncomingMessage, res: ServerResponse, method: string, token: string): Promise<number> {
    let release = () => {};
    let answered: { status: number; headers: Record<string, string>; body: string };
    try {
      chargeKeyless(req);
      if (!hasBody(req)) req.resume();
      const raw = hasBody(req) ? await readBody(req, KEYLESS.formBytes) : NO_BODY;
      release = await fair.enter(KEYLESS_WORK, 1);
      await fair.turn(KEYLESS_WORK);
      const began = performance.now();
      answered = answerForm(o.db, o.clock, o.formSecrets, method, token, req.headers['content-type'], raw, o.cors);
      fair.charge(KEYLESS_WORK, performance.now() - began);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      answered = formRefusal(error);
    }
    res.writeHead(answered.status, answered.headers).end(answered.body);
    release();
    return answered.status;
  }

  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now();
    const url = parseTarget(req.url ?? '/');
    const method = req.method ?? 'GET';
    const cors = corsFor(req.headers.origin);
    let status: number;
    // Sample media, where the description says a relative media path resolves: no API key.
    const media = url && answerMedia(method, url.pathname, req.headers.range);
    const token = url && formToken(url.pathname);
    if (media) {
      req.resume();
      try {
        chargeKeyless(req);
        status = media.status;
        res.writeHead(status, media.headers).end(media.body);
      } catch (error) {
        status = sendEnvelope(res, error as ApiError, cors);
      }
    } else if (token !== undefined) {
      // An HTML questionnaire's own submission: a form post, no API key (forms/submit.ts).
      status = await form(req, res, method, token);
    } else if (method === 'OPTIONS') {
      // A preflight carries no key: it costs its client's keyless budget.
      req.resume();
      try {
        chargeKeyless(req);
        status = 204;
        res.writeHead(status, { ...cors, ...PREFLIGHT }).end();
      } catch (error) {
        status = sendEnvelope(res, error as ApiError, cors);
      }
    } else {
      let admitted: Admitted | Refused;
      try {
        const caller = identify(req, url);
        admitted = admit(req, url as Target, caller);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        admitted = { refusal: error };
      }
      let exchange: Omit<Exchange, 'method' | 'path'> & { sent?: () => void };
      if ('refusal' in admitted) {
        // Refused before any of the body is read: the body is left unread and the connection closed.
        const { refusal, ...where } = admitted;
        exchange = {
          ...where,
          status: refusal.status,
          headers: hasBody(req) ? { ...refusal.headers, Connection: 'close' } : refusal.headers,
          body: failure(refusal.messages),
        };
        if (!hasBody(req)) req.resume();
      } else {
        if (!hasBody(req)) req.resume();
        const raw = hasBody(req) ? await readBody(req) : NO_BODY;
        exchange = await answer(req, res, url as Target, admitted, raw);
      }
      const { sent, ...seen } = exchange;
      status = seen.status;
      const text = encode(seen.body);
      send(res, status, { ...cors, ...JSON_TYPE, ...seen.headers }, text);
      sent?.();
      if (o.observe) {
        const json = typeof text === 'string' ? text : Buffer.concat(text).toString();
        o.observe({ method, path: url?.pathname ?? String(req.url), ...seen, body: JSON.parse(json) });
      }
    }
    // One line per request; never the API key.
    if (o.log !== quiet)
      o.log(
        `${method} ${url ? url.pathname + url.search : req.url} ${status} ${(performance.now() - started).toFixed(1)}ms`,
      );
  };
}

/** A refusal in the envelope, outside the API's own flow (media past the keyless budget). */
function sendEnvelope(res: ServerResponse, error: ApiError, cors: Readonly<Record<string, string>>): number {
  res.writeHead(error.status, { ...cors, ...JSON_TYPE, ...error.headers }).end(JSON.stringify(failure(error.messages)));
  return error.status;
}
