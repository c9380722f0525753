import { type CheckedRequest, checkRequest, isRefusal, type Operation, type Validator } from '@tas/openapi';
import type { RawBody } from './body.js';
import { ApiError } from './envelope.js';

/**
 * Checks a request against its operation in the description, with the words the mock uses too
 * (checkRequest in @tas/openapi); a refusal is thrown as the envelope's error.
 */
export function validateRequest(
  validator: Validator,
  operation: Operation,
  path: Record<string, string>,
  search: URLSearchParams,
  contentType: string | undefined,
  raw: RawBody,
): CheckedRequest {
  const checked = checkRequest(validator, operation, path, search, contentType, raw);
  if (isRefusal(checked)) throw new ApiError(checked.status, checked.messages, checked.headers);
  return checked;
}
