import { type Match, matchOperation, type Operation } from './operations.js';
import { pointerEscape } from './pointer.js';
import { DETAIL_NODES, type ValidationIssue, type Validator } from './validator.js';

/**
 * What the mock and the sandbox both answer to a request the description refuses, in one wording:
 * the same mistake gets the same words from either server.
 */
export interface Message {
  code: string;
  text: string;
  field?: string;
}

export interface Refusal {
  status: 400 | 404 | 405 | 413;
  messages: Message[];
  headers?: Record<string, string>;
}

/**
 * The largest body the API servers read: 1 MiB, hundreds of times the largest real request (a
 * submission of a few hundred answers is a few kB). Past it: 413, without buffering the rest.
 */
export const BODY_LIMIT = 1024 * 1024;

/** The deepest nesting of a JSON body (the API's deepest is 4: roles, a role, its profile): checked before parsing. */
export const MAX_DEPTH = 32;

/** The body bounds as --help and the READMEs state them. */
export const BODY_BOUNDS_TEXT = `Bodies: JSON in UTF-8, at most ${BODY_LIMIT / 1024 / 1024} MiB (413 past it, the rest unread), nested at most ${MAX_DEPTH} deep (400), checked at a cost in proportion to their bytes: every fault named for a body of at most ${DETAIL_NODES} values, the first of a larger one.`;

/** A body as read: bytes past `limit` counted, not kept; the text decoded as UTF-8, strictly. */
export function rawBody(bytes: Buffer, size: number, limit = BODY_LIMIT): RawBody {
  if (size > limit) return { text: '', tooLarge: true };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), tooLarge: false };
  } catch {
    return { text: '', tooLarge: false, invalidUtf8: true };
  }
}

/** How deep `text` nests, brackets inside strings aside; stops counting once past `max`. */
export function nestingDepth(text: string, max = MAX_DEPTH): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // a backslash escapes the next character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      if (++depth > deepest) deepest = depth;
      if (deepest > max) return deepest;
    } else if (c === 93 || c === 125) depth--;
  }
  return deepest;
}

/** A request body as a server read it; `tooLarge` when it passed BODY_LIMIT. */
export interface RawBody {
  text: string;
  tooLarge: boolean;
  /** The bytes are not UTF-8 (JSON is UTF-8): refused, never read with replacement characters. */
  invalidUtf8?: boolean;
}

export interface CheckedRequest {
  params: Record<string, unknown>;
  body: unknown;
}

/**
 * The operation a request is for, or the refusal it gets: `relative` is the path below the base
 * path (undefined when the request is not under it), `shown` the path as the caller sent it.
 */
export function routeRequest(
  operations: Operation[],
  method: string,
  relative: string | undefined,
  shown: string,
  basePath: string,
): Match | Refusal {
  if (relative === undefined) return unmatched(operations, method, undefined, shown, basePath);
  let match: ReturnType<typeof matchOperation>;
  try {
    match = matchOperation(operations, method, relative);
  } catch {
    return badParameter('A path parameter is not valid percent-encoding.');
  }
  return match ?? unmatched(operations, method, relative, shown, basePath);
}

/**
 * The answer to a request that matched no operation: 405 with `Allow` where the path is listed
 * with other methods (`matched` is null, as matchOperation says), else 404. `path` is relative to
 * the base path, `shown` is what the caller sent.
 */
export function unmatched(
  operations: Operation[],
  method: string,
  path: string | undefined,
  shown: string,
  basePath: string,
): Refusal {
  if (path !== undefined) {
    const allowed = operations.filter((o) => o.matcher.test(path)).map((o) => o.method.toUpperCase());
    if (allowed.length) {
      const allow = allowed.join(', ');
      return {
        status: 405,
        headers: { Allow: allow },
        messages: [{ code: 'method_not_allowed', text: `${method} is not allowed on ${shown}; it takes ${allow}.` }],
      };
    }
    if (!path.endsWith('/') && operations.some((o) => o.matcher.test(`${path}/`)))
      return notFound(`No operation ${method} ${shown}: every path ends with a slash; call ${shown}/ instead.`);
  }
  return notFound(`No operation ${method} ${shown}; every operation is under ${basePath}/ and ends with a slash.`);
}

function notFound(text: string): Refusal {
  return { status: 404, messages: [{ code: 'not_found', text }] };
}

/**
 * Checks a request against its operation: path and query parameters (no unknown or repeated
 * ones), then the body (content type, JSON, schema). Everything a schema says comes from the
 * description's validator; nothing here repeats a field rule.
 */
export function checkRequest(
  validator: Validator,
  operation: Operation,
  path: Record<string, string>,
  search: URLSearchParams,
  contentType: string | undefined,
  raw: RawBody,
): CheckedRequest | Refusal {
  const known = queryNames(operation);
  const query: Record<string, string> = {};
  for (const [name, value] of search) {
    if (!known.has(name)) return badParameter(`Unknown query parameter ${name}.`);
    if (name in query) return badParameter(`Query parameter ${name} is repeated.`);
    query[name] = value;
  }
  const checked = validator.validateParameters(operation, { path, query });
  if (!checked.valid)
    return { status: 400, messages: checked.issues.map((i) => ({ code: 'invalid_parameter', text: i.message })) };
  const params = { ...checked.values };
  for (const p of operation.parameters)
    if (params[p.name] === undefined && p.schema.default !== undefined) params[p.name] = p.schema.default;
  const body = parseBody(validator, operation, contentType, raw);
  return isRefusal(body) ? body : { params, body: body.value };
}

export function isRefusal(value: object): value is Refusal {
  return 'status' in value && 'messages' in value;
}

const queryNamesCache = new WeakMap<Operation, Set<string>>();

/** The query parameters an operation takes, worked out once per operation, not per request. */
function queryNames(operation: Operation): Set<string> {
  let names = queryNamesCache.get(operation);
  if (!names) {
    names = new Set(operation.parameters.filter((p) => p.in === 'query').map((p) => p.name));
    queryNamesCache.set(operation, names);
  }
  return names;
}

function badParameter(text: string): Refusal {
  return { status: 400, messages: [{ code: 'invalid_parameter', text }] };
}

function badBody(text: string): Refusal {
  return { status: 400, messages: [{ code: 'invalid_body', text }] };
}

function parseBody(
  validator: Validator,
  operation: Operation,
  contentType: string | undefined,
  raw: RawBody,
): { value: unknown } | Refusal {
  if (raw.tooLarge)
    return {
      status: 413,
      messages: [{ code: 'body_too_large', text: `The request body is larger than ${BODY_LIMIT} bytes (1 MiB).` }],
      headers: { Connection: 'close' },
    };
  if (raw.invalidUtf8) return badBody('The request body is not valid UTF-8; JSON is UTF-8.');
  const empty = raw.text.trim() === '';
  if (!operation.requestBody) {
    if (empty || /^\{\s*\}$/.test(raw.text.trim())) return { value: undefined };
    return badBody(`${operation.method.toUpperCase()} ${operation.path} takes no request body.`);
  }
  if (empty) {
    if (operation.requestBody.required) return badBody('The request body is required (a JSON object).');
    return { value: undefined };
  }
  if (!/^application\/json\s*(;|$)/i.test(contentType ?? ''))
    return badBody(`Content-Type must be application/json; got ${contentType ? `"${contentType}"` : 'none'}.`);
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType ?? '')?.[1];
  if (charset && !/^utf-?8$/i.test(charset)) return badBody(`JSON is UTF-8: charset=${charset} is refused.`);
  if (nestingDepth(raw.text) > MAX_DEPTH) return badBody(`The request body nests deeper than ${MAX_DEPTH} levels.`);
  let body: unknown;
  try {
    body = JSON.parse(raw.text);
  } catch {
    return badBody('The request body is not valid JSON.');
  }
  const result = validator.validateRequestBody(operation, body);
  if (!result.valid) return { status: 400, messages: toMessages(result.issues) };
  return { value: result.value };
}

/** The message kept for a field that breaks several rules: its type first, then its pattern's own words. */
const RANK: Record<string, number> = { type: 0, const: 1, enum: 1, pattern: 2, format: 3 };

/**
 * Schema issues as messages, one per field at fault, `field` pointing at it: a missing or unexpected
 * property is the field itself (`/profile/name`, `/extra`), not the object it is missing from. Issues
 * inside a profile are `invalid_profile`, the rest `invalid_body`.
 */
function toMessages(issues: ValidationIssue[]): Message[] {
  const byField = new Map<string, ValidationIssue & { field: string }>();
  for (const issue of issues) {
    const field = issue.property === undefined ? issue.path : `${issue.path}/${pointerEscape(issue.property)}`;
    const kept = byField.get(field);
    if (!kept || (RANK[issue.keyword] ?? 9) < (RANK[kept.keyword] ?? 9)) byField.set(field, { ...issue, field });
  }
  // Ajv reports a failing oneOf both for each branch and for the oneOf; the most specific come first.
  const sorted = [...byField.values()].sort((a, b) => b.path.length - a.path.length);
  return sorted.map((i) => ({
    code: /\/profile(\/|$)/.test(i.path) ? 'invalid_profile' : 'invalid_body',
    text: i.message,
    ...(i.field ? { field: i.field } : {}),
  }));
}
