import type { Operation, ValidationIssue, Validator } from '@tas/openapi';
import type { RawBody } from './body.js';
import { ApiError, type Message } from './envelope.js';

export interface ValidRequest {
  params: Record<string, unknown>;
  body: unknown;
}

/** Body limit: the largest valid submission (1,000 answers) fits with room to spare. */
export const BODY_LIMIT = 1024 * 1024;

/**
 * Checks a request against its operation in the description: path and query parameters (no
 * unknown or repeated ones), then the body (content type, JSON, schema). Everything the schema
 * says comes from the description's Ajv validator; nothing here repeats a field rule.
 */
export function validateRequest(
  validator: Validator,
  operation: Operation,
  path: Record<string, string>,
  search: URLSearchParams,
  contentType: string | undefined,
  raw: RawBody,
): ValidRequest {
  const known = queryNames(operation);
  const query: Record<string, string> = {};
  for (const [name, value] of search) {
    if (!known.has(name)) throw ApiError.of(400, 'invalid_parameter', `Unknown query parameter ${name}.`);
    if (name in query) throw ApiError.of(400, 'invalid_parameter', `Query parameter ${name} is repeated.`);
    query[name] = value;
  }
  const checked = validator.validateParameters(operation, { path, query });
  if (!checked.valid)
    throw new ApiError(
      400,
      checked.issues.map((i) => ({ code: 'invalid_parameter', text: i.message })),
    );
  const params = { ...checked.values };
  for (const p of operation.parameters)
    if (params[p.name] === undefined && p.schema.default !== undefined) params[p.name] = p.schema.default;
  return { params, body: parseBody(validator, operation, contentType, raw) };
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

function badBody(text: string): ApiError {
  return ApiError.of(400, 'invalid_body', text);
}

function parseBody(validator: Validator, operation: Operation, contentType: string | undefined, raw: RawBody) {
  if (raw.tooLarge) throw badBody(`The request body is larger than ${BODY_LIMIT} bytes.`);
  const empty = raw.text.trim() === '';
  if (!operation.requestBody) {
    if (empty || /^\{\s*\}$/.test(raw.text.trim())) return undefined;
    throw badBody(`${operation.operationId} takes no request body.`);
  }
  if (empty) {
    if (operation.requestBody.required) throw badBody('The request body is required (a JSON object).');
    return undefined;
  }
  if (!/^application\/json\s*(;|$)/i.test(contentType ?? ''))
    throw badBody(`Content-Type must be application/json; got ${contentType ? `"${contentType}"` : 'none'}.`);
  let body: unknown;
  try {
    body = JSON.parse(raw.text);
  } catch {
    throw badBody('The request body is not valid JSON.');
  }
  const result = validator.validateRequestBody(operation, body);
  if (!result.valid) throw new ApiError(400, toMessages(result.issues));
  return body;
}

/** Schema issues as messages; issues inside a profile are `invalid_profile`, the rest `invalid_body`. */
function toMessages(issues: ValidationIssue[]): Message[] {
  // Ajv reports a failing oneOf both for each branch and for the oneOf; the most specific come first.
  const sorted = [...issues].sort((a, b) => b.path.length - a.path.length);
  return sorted.map((i) => ({
    code: /\/profile(\/|$)/.test(i.path) ? 'invalid_profile' : 'invalid_body',
    text: i.message,
    ...(i.path ? { field: i.path } : {}),
  }));
}
