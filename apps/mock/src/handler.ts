import type { IncomingMessage, ServerResponse } from 'node:http';
import type { IHttpNameValue, IHttpNameValues } from '@stoplight/prism-http';
import {
  answerMedia,
  checkRequest,
  isRefusal,
  type Operation,
  type Refusal,
  routeRequest,
  type Validator,
} from '@tas/openapi';
import { readBody, targetUrl } from '@tas/serve';
import { errorBody, fromViolations, namedExample } from './envelope.js';
import { checkPrefer, parsePrefer } from './prefer.js';
import type { PrismAnswer, PrismAnswerer } from './prism.js';

export interface HandlerOptions {
  answer: PrismAnswerer;
  /** `/api/v2`: every operation is served below it, as on a live deployment. */
  basePath: string;
  /** The description's operations and validator: routing and request checks, in the sandbox's words. */
  operations: Operation[];
  validator: Validator;
  log: (line: string) => void;
}

type Reply = { status: number; body: unknown; headers?: Record<string, string | number> };

/**
 * The front of the mock, in the interface's order of checks: API key (401), route (404, or 405 for
 * a listed path with another method), then parameters and body (400), then Prism's answer. Routing
 * and request checks are the sandbox's own (@tas/openapi), so both servers word a mistake alike.
 */
export function createHandler({ answer, basePath, operations, validator, log }: HandlerOptions) {
  async function route(req: IncomingMessage, url: URL, method: string): Promise<Reply> {
    const key = req.headers['api-key'];
    if (typeof key !== 'string' || key.trim() === '') return { status: 401, body: namedExample('ErrorMissingApiKey') };
    const under = url.pathname.startsWith(`${basePath}/`) ? url.pathname.slice(basePath.length) : undefined;
    const match = routeRequest(operations, method, under, url.pathname, basePath);
    if (isRefusal(match)) {
      req.resume();
      return refused(match);
    }
    const raw = await readBody(req);
    const checked = checkRequest(
      validator,
      match.operation,
      match.params,
      url.searchParams,
      req.headers['content-type'],
      raw,
    );
    if (isRefusal(checked)) return refused(checked);
    const unfit = checkPrefer(parsePrefer(req.headers.prefer), match.operation, basePath);
    if (unfit) return { status: 400, body: errorBody(unfit) };
    // Accept is not passed on: every answer of the API is JSON, and Prism answers an Accept it cannot
    // parse (`a/b;c`, `/`) with a 500 and one that refuses JSON (`*/*;q=0`) with an empty 200. The
    // mock ignores it, as the sandbox does and as RFC 9110 12.5.1 allows.
    const { accept: _ignored, ...headers } = req.headers;
    const result = await answer({
      method: method.toLowerCase() as 'get',
      url: { path: under ?? url.pathname, query: queryOf(url.searchParams) },
      headers: headers as IHttpNameValue,
      body: checked.body,
    });
    return toReply(result, method, url.pathname, basePath, operations);
  }

  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now();
    const url = targetUrl(req.url ?? '/', 'http://mock.invalid');
    const method = (req.method ?? 'GET').toUpperCase();
    allowBrowsers(req, res);
    let reply: Reply;
    // Sample media, where the description says a relative media path resolves: no API key.
    const media = url && answerMedia(method, url.pathname, req.headers.range);
    if (media) {
      req.resume();
      res.writeHead(media.status, media.headers).end(media.body);
      log(`${method} ${url.pathname} ${media.status} ${Math.round(performance.now() - started)}ms`);
      return;
    }
    if (method === 'OPTIONS' && req.headers['access-control-request-method']) reply = { status: 204, body: undefined };
    else if (!url) {
      req.resume();
      reply = { status: 400, body: errorBody({ code: 'bad_request', text: 'The request target is not a URL path.' }) };
    } else {
      try {
        reply = await route(req, url, method);
      } catch (error) {
        reply = failed(req, error, log);
      }
    }
    for (const [name, value] of Object.entries(reply.headers ?? {})) res.setHeader(name, value);
    if (reply.body !== undefined) res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.writeHead(reply.status).end(reply.body === undefined ? undefined : JSON.stringify(reply.body));
    // One line per request; the API key is never written.
    log(
      `${method} ${url ? url.pathname + url.search : req.url} ${reply.status} ${Math.round(performance.now() - started)}ms`,
    );
  };
}

/** A request whose body never arrived whole (the client went away), or else a fault of the mock itself. */
function failed(req: IncomingMessage, error: unknown, log: (line: string) => void): Reply {
  if (!req.complete)
    return { status: 400, body: errorBody({ code: 'incomplete_body', text: 'The request body ended early.' }) };
  log(`internal error: ${(error as Error)?.stack ?? String(error)}`);
  return { status: 500, body: errorBody({ code: 'mock_error', text: String(error) }) };
}

function refused(refusal: Refusal): Reply {
  return { status: refusal.status, body: errorBody(...refusal.messages), headers: refusal.headers };
}

function toReply(result: PrismAnswer, method: string, path: string, basePath: string, operations: Operation[]): Reply {
  if (result.kind === 'error') {
    if (result.name === 'NO_PATH_MATCHED_ERROR' || result.name === 'NO_METHOD_MATCHED_ERROR')
      return refused(routeRequest(operations, method, undefined, path, basePath) as Refusal);
    if (result.status >= 500) return { status: 500, body: errorBody({ code: 'mock_error', text: result.detail }) };
    // The caller's Prefer header asked for something the description does not have.
    return { status: 400, body: errorBody({ code: 'invalid_parameter', text: result.detail }) };
  }
  const { response, violations, preferredCode } = result;
  const headers = Object.fromEntries(
    Object.entries(response.headers ?? {}).filter(([name]) => name.toLowerCase() !== 'content-type'),
  );
  // Prism answers an invalid request with the first 400 example; say what is actually wrong instead,
  // unless the caller asked for a status on purpose (Prefer: code=400, example=...).
  const body =
    response.statusCode === 400 && violations.length && !preferredCode ? fromViolations(violations) : response.body;
  return { status: response.statusCode, body, headers };
}

function queryOf(params: URLSearchParams): IHttpNameValues {
  const query: IHttpNameValues = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    query[key] = values.length === 1 ? (values[0] as string) : values;
  }
  return query;
}

/** A front-end under development calls the mock from another origin, as Prism's own CLI allows. */
function allowBrowsers(req: IncomingMessage, res: ServerResponse): void {
  res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*');
  res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] ?? '*');
  res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, OPTIONS');
  res.setHeader('Access-Control-Expose-Headers', 'Retry-After, Allow');
  res.setHeader('Vary', 'Origin');
}
