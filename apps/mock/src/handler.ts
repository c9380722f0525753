import type { IncomingMessage, ServerResponse } from 'node:http';
import type { IHttpNameValue, IHttpNameValues } from '@stoplight/prism-http';
import { readJsonBody } from './body.js';
import { type ErrorBody, errorBody, fromViolations, namedExample } from './envelope.js';
import type { PrismAnswer, PrismAnswerer } from './prism.js';

export interface HandlerOptions {
  answer: PrismAnswerer;
  /** `/api/v2`: every operation is served below it, as on a live deployment. */
  basePath: string;
  log: (line: string) => void;
}

type Reply = { status: number; body: unknown; headers?: Record<string, string | number> };

/**
 * The front of the mock, in the interface's order of checks: API key (401), route (404), then
 * parameters and body (400, from Prism's validation), then Prism's answer.
 */
export function createHandler({ answer, basePath, log }: HandlerOptions) {
  async function route(req: IncomingMessage, url: URL, method: string): Promise<Reply> {
    const key = req.headers['api-key'];
    if (typeof key !== 'string' || key.trim() === '') return { status: 401, body: namedExample('ErrorMissingApiKey') };
    if (!url.pathname.startsWith(`${basePath}/`)) return notFound(method, url.pathname, basePath);
    const body = await readJsonBody(req);
    if (!body.ok) return { status: 400, body: errorBody(body.message) };
    const result = await answer({
      method: method.toLowerCase() as 'get',
      url: { path: url.pathname.slice(basePath.length), query: queryOf(url.searchParams) },
      headers: req.headers as IHttpNameValue,
      body: body.body,
    });
    return toReply(result, method, url.pathname, basePath);
  }

  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now();
    const url = new URL(req.url ?? '/', 'http://mock.invalid');
    const method = (req.method ?? 'GET').toUpperCase();
    allowBrowsers(req, res);
    let reply: Reply;
    if (method === 'OPTIONS' && req.headers['access-control-request-method']) reply = { status: 204, body: undefined };
    else {
      try {
        reply = await route(req, url, method);
      } catch (error) {
        // A fault of the mock itself, never of the request: still answered inside the envelope.
        reply = { status: 500, body: errorBody({ code: 'mock_error', text: String(error) }) };
      }
    }
    for (const [name, value] of Object.entries(reply.headers ?? {})) res.setHeader(name, value);
    if (reply.body !== undefined) res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.writeHead(reply.status).end(reply.body === undefined ? undefined : JSON.stringify(reply.body));
    // One line per request; the API key is never written.
    log(`${method} ${url.pathname}${url.search} ${reply.status} ${Math.round(performance.now() - started)}ms`);
  };
}

function toReply(result: PrismAnswer, method: string, path: string, basePath: string): Reply {
  if (result.kind === 'error') {
    if (result.name === 'NO_PATH_MATCHED_ERROR' || result.name === 'NO_METHOD_MATCHED_ERROR') {
      return notFound(method, path, basePath);
    }
    if (result.status >= 500) return { status: 500, body: errorBody({ code: 'mock_error', text: result.detail }) };
    // The caller's Prefer or Accept header asked for something the description does not have.
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

function notFound(method: string, path: string, basePath: string): Reply {
  const body: ErrorBody = errorBody({
    code: 'not_found',
    text: `No operation ${method} ${path}; every operation is under ${basePath}/ and ends with a slash.`,
  });
  return { status: 404, body };
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
  res.setHeader('Access-Control-Expose-Headers', 'Retry-After');
  res.setHeader('Vary', 'Origin');
}
