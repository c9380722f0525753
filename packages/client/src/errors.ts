import { errorCodes } from './generated/operations.js';
import type { Message, OperationId } from './types.js';

/** A message code the description documents; other strings may still come from a newer server. */
export type ErrorCode = (typeof errorCodes)[number];
export { errorCodes };

/** Where a failed call was going: the operation, its method and the URL path requested. */
export interface CallSite {
  operation: OperationId | undefined;
  method: string;
  path: string;
}

export type TasErrorKind =
  | 'http'
  | 'network'
  | 'timeout'
  | 'aborted'
  | 'invalid_response'
  | 'invalid_answers'
  | 'sms_code_required'
  | 'draft_expired';

/** Every error the client throws; `kind` tells them apart without instanceof. */
export class TasError extends Error {
  override name = 'TasError';
  readonly operation: OperationId | undefined;
  readonly method: string;
  readonly path: string;

  constructor(
    readonly kind: TasErrorKind,
    site: CallSite,
    detail: string,
    options?: { cause?: unknown },
  ) {
    super(`${site.operation ?? 'request'} (${site.method} ${site.path}): ${detail}`, options);
    this.operation = site.operation;
    this.method = site.method;
    this.path = site.path;
  }
}

/** The server answered with an error envelope: its status and messages. */
export class TasApiError extends TasError {
  override name = 'TasApiError';
  constructor(
    site: CallSite,
    readonly status: number,
    readonly messages: Message[],
    /** Seconds the server asked to wait (429), when it said. */
    readonly retryAfter?: number,
  ) {
    super('http', site, `${status} ${messages.map((m) => `${m.code}: ${m.text}`).join('; ') || '(no message)'}`);
  }

  /** Does any message carry this code? */
  has(code: ErrorCode | (string & {})): boolean {
    return this.messages.some((m) => m.code === code);
  }
}

/** The response was not the envelope (`{data, successful, messages}`), e.g. a proxy's HTML page. */
export class TasResponseError extends TasError {
  override name = 'TasResponseError';
  constructor(
    site: CallSite,
    readonly status: number,
    reason: string,
  ) {
    super('invalid_response', site, `${status} response is not the API envelope: ${reason}`);
  }
}

/** The request never got an answer: the connection failed, the time ran out, or the caller aborted. */
export class TasNetworkError extends TasError {
  override name = 'TasNetworkError';
  constructor(kind: 'network' | 'timeout' | 'aborted', site: CallSite, detail: string, cause?: unknown) {
    super(kind, site, detail, { cause });
  }
}

/** The roadmap's draft_token expired (valid 5 minutes): authentication has to start again. */
export class DraftExpiredError extends TasError {
  override name = 'DraftExpiredError';
  constructor(site: CallSite, cause?: unknown) {
    super(
      'draft_expired',
      site,
      'the draft_token expired (valid 5 minutes after roadmap authentication started): start roadmap authentication again',
      { cause },
    );
  }
}
