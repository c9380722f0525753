import type { RefusalStatus } from '@tas/openapi';
import type { components } from '../generated/api.js';

/** One message of the envelope (the description's Message). */
export type Message = components['schemas']['Message'];

/** A refusal: thrown by any step, answered in the envelope with its status. */
export class ApiError extends Error {
  constructor(
    readonly status: RefusalStatus,
    readonly messages: Message[],
    readonly headers: Record<string, string> = {},
  ) {
    super(messages[0]?.text ?? 'error');
  }

  /** The same refusal with these headers too (Retry-After, Allow). */
  with(headers: Record<string, string>): ApiError {
    return new ApiError(this.status, this.messages, { ...this.headers, ...headers });
  }
}
