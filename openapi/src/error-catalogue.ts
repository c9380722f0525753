/** A status a server refuses with (500 is its own fault, never a refusal it chose). */
export type RefusalStatus = 400 | 401 | 403 | 404 | 405 | 409 | 413 | 429;

/**
 * One refusal the sandbox can give: its status and code, its message (a template of `P`), the
 * interface's words it answers, and whether the interface states this status for this cause or the
 * description (or the sandbox, for what the interface does not have) chose it.
 */
export interface CatalogueEntry<P = undefined> {
  status: RefusalStatus;
  code: string;
  text: (params: P) => string;
  /** The interface's words it answers: a row of its Errors tables, or the sentence it rests on. */
  row?: string;
  /** The interface states the status for this cause (else it is assumed, or the sandbox's own). */
  stated: boolean;
  /**
   * The description's example that shows it, where one does (`components/examples/<name>.yaml`,
   * written by `npm run build`): its message made from `params`, at `field`.
   */
  example?: { name: string; summary: string; field?: string; params?: P };
  /** Who gives it when not the sandbox's own code: the request checks shared with the mock. */
  by?: 'request checks';
  /** For the docs' errors page, where the description shows no example of the code: its cause, and where. */
  cause?: string;
  where?: 'the sandbox' | 'the sandbox control API';
}

export const refusal = <P = undefined>(r: CatalogueEntry<P>): CatalogueEntry<P> => r;

// The refusals of /api/v2 (the error catalogue; the sandbox adds its own): the interface's Errors
// tables first, then what the description chose where the interface says "not shown". Each message
// as the sandbox has always written it; each `row` is the interface's words, word for word (its
// tables' cells joined by ` | `). The description's error examples are written from it.
const AUTH_400 = '400 | Invalid profile data, missing required fields, or age/gender mismatch.';
const QUESTIONS_403 = '403 | Profile authentication, payment or VIP prerequisite not met.';

export const API_REFUSALS = {
  missingApiKey: refusal({
    status: 401,
    code: 'missing_api_key',
    text: () => 'The API-KEY header is required.',
    row: 'Behaviour of a request with a missing or invalid `API-KEY`: not shown.',
    stated: false,
    example: { name: 'ErrorMissingApiKey', summary: 'No API-KEY header' },
  }),
  invalidApiKey: refusal({
    status: 401,
    code: 'invalid_api_key',
    text: () => 'The API-KEY header does not name an organizer.',
    row: 'Behaviour of a request with a missing or invalid `API-KEY`: not shown.',
    stated: false,
    example: { name: 'ErrorInvalidApiKey', summary: 'Unknown API key' },
  }),
  rateLimited: refusal<{ limit: string; retryAfter: number }>({
    status: 429,
    code: 'rate_limited',
    text: ({ limit, retryAfter }) => `Rate limit of ${limit} exceeded; retry after ${retryAfter} seconds.`,
    row: '429 | API rate limit exceeded.',
    stated: true,
    example: {
      name: 'ErrorRateLimited',
      summary: 'Rate limit exceeded',
      params: { limit: '100 calls per minute', retryAfter: 12 },
    },
  }),
  recordNotFound: refusal({
    status: 404,
    code: 'not_found',
    text: () => 'No test record with this token.',
    row: '404 | Test record not found.',
    stated: true,
    example: { name: 'ErrorRecordNotFound', summary: 'Test record not found' },
  }),
  roadmapNotFound: refusal({
    status: 404,
    code: 'not_found',
    text: () => 'No roadmap with this token.',
    row: '404 | Roadmap not found or already finished.',
    stated: true,
  }),
  roadmapNotOpen: refusal({
    status: 404,
    code: 'not_found',
    text: () => 'No open roadmap with this token.',
    row: '404 | Roadmap not found or already finished.',
    stated: true,
    example: { name: 'ErrorRoadmapNotFound', summary: 'Roadmap not found or already finished' },
  }),
  vipWait: refusal({
    status: 403,
    code: 'vip_wait',
    text: () => "The record waits for the organizer's VIP or billing action.",
    row: QUESTIONS_403,
    stated: true,
    example: { name: 'ErrorVipWait', summary: 'VIP or billing prerequisite not met' },
  }),
  notAuthenticated: refusal({
    status: 403,
    code: 'not_authenticated',
    text: () => 'The record has no authenticated profile yet.',
    row: QUESTIONS_403,
    stated: true,
    example: { name: 'ErrorNotAuthenticated', summary: 'Profile not authenticated' },
  }),
  recordFinished: refusal({
    status: 409,
    code: 'record_finished',
    text: () => 'The record is already finished.',
    row: '409 | Record already completed.',
    stated: true,
    example: { name: 'ErrorRecordFinished', summary: 'Record already completed' },
  }),
  alreadyAuthenticated: refusal({
    status: 409,
    code: 'already_authenticated',
    text: () => 'Authentication was already completed.',
    row: '409 | Authentication attempted again (already authenticated).',
    stated: true,
    example: { name: 'ErrorAlreadyAuthenticated', summary: 'Already authenticated' },
  }),
  roadmapRecord: refusal({
    status: 409,
    code: 'roadmap_record',
    text: () => 'This record belongs to a roadmap; authenticate it with POST /roadmap/{token}/auth/.',
    row: '409 | `POST /record/{token}/auth/` called for a record that belongs to a roadmap.',
    stated: true,
    example: { name: 'ErrorRoadmapRecord', summary: 'Record belongs to a roadmap' },
  }),
  invalidProfile: refusal<{ why: string }>({
    status: 400,
    code: 'invalid_profile',
    text: ({ why }) => why,
    row: AUTH_400,
    stated: true,
    example: {
      name: 'ErrorInvalidProfile',
      summary: 'Invalid profile data',
      field: '/roles/0/profile/name',
      params: { why: 'name must be at most 50 Persian letters.' },
    },
  }),
  ageGenderMismatch: refusal<{ why: string }>({
    status: 400,
    code: 'age_gender_mismatch',
    text: ({ why }) => why,
    row: AUTH_400,
    stated: true,
    example: {
      name: 'ErrorAgeGenderMismatch',
      summary: "Age or gender outside the test's limits",
      field: '/roles/0/profile/birth',
      params: { why: "Role 1: age 4 is below the test's minimum age of 6." },
    },
  }),
  duplicateExternalId: refusal<{ id: number }>({
    status: 409,
    code: 'duplicate_external_id',
    text: ({ id }) => `external_id ${id} is already used in this organizer account.`,
    row: '409 | Duplicate `external_id` for this organizer account.',
    stated: true,
    example: {
      name: 'ErrorDuplicateExternalId',
      summary: 'Duplicate external_id',
      field: '/roles/0/profile/external_id',
      params: { id: 20817 },
    },
  }),
  mobileLimit: refusal({
    status: 400,
    code: 'mobile_limit',
    text: () => 'This mobile number has reached its limit of authentications.',
    row: '400 | Mobile duplicate limit reached (SMS mode only).',
    stated: true,
    example: { name: 'ErrorMobileLimit', summary: 'Mobile duplicate limit reached (SMS mode)', field: '/mobile' },
  }),
  noPendingAuth: refusal({
    status: 409,
    code: 'no_pending_auth',
    text: () => 'No authentication is pending: call POST /record/{token}/auth/ first.',
    row: '`PUT /record/{token}/auth/verify/` | Completes standalone authentication with the SMS code.',
    stated: false,
    example: { name: 'ErrorNoPendingAuth', summary: 'No authentication waiting for a code' },
  }),
  wrongCode: refusal<{ left: number }>({
    status: 400,
    code: 'wrong_code',
    text: ({ left }) => `The SMS code does not match; ${left} ${left === 1 ? 'try' : 'tries'} left.`,
    row: '`PUT /record/{token}/auth/verify/` | Completes standalone authentication with the SMS code.',
    stated: false,
    example: { name: 'ErrorWrongCode', summary: 'Wrong SMS code', field: '/code', params: { left: 2 } },
  }),
  codeExpired: refusal({
    status: 400,
    code: 'code_expired',
    text: () => 'The SMS code has expired or was already used; start authentication again.',
    row: '`PUT /record/{token}/auth/verify/` | Completes standalone authentication with the SMS code.',
    stated: false,
    example: { name: 'ErrorCodeExpired', summary: 'SMS code expired or used', field: '/code' },
  }),
  codeLocked: refusal({
    status: 400,
    code: 'code_locked',
    text: () => 'Too many wrong codes; this attempt is locked. Start authentication again.',
    row: '`PUT /record/{token}/auth/verify/` | Completes standalone authentication with the SMS code.',
    stated: false,
    example: { name: 'ErrorCodeLocked', summary: 'Too many wrong SMS codes', field: '/code' },
  }),
  draftUnknown: refusal({
    status: 400,
    code: 'draft_expired',
    text: () => 'This draft_token is unknown or was replaced; start roadmap authentication again.',
    row: '`draft_token` validity | 5 minutes | roadmap SMS authentication',
    stated: false,
  }),
  draftExpired: refusal({
    status: 400,
    code: 'draft_expired',
    text: () => 'The draft_token has expired (valid 5 minutes); start roadmap authentication again.',
    row: '`draft_token` validity | 5 minutes | roadmap SMS authentication',
    stated: false,
    example: { name: 'ErrorDraftExpired', summary: 'Draft token expired', field: '/draft_token' },
  }),
  invalidAnswers: refusal<{ why: string }>({
    status: 400,
    code: 'invalid_answers',
    text: ({ why }) => why,
    row: '`record` answers array | length and allowed values validated per test | answer submission',
    stated: false,
    example: {
      name: 'ErrorInvalidAnswers',
      summary: 'Answers do not fit the test',
      field: '/record',
      params: { why: 'record must have exactly 195 entries; got 194.' },
    },
  }),
  notFinished: refusal({
    status: 409,
    code: 'not_finished',
    text: () => 'The record has no result until its answers are submitted.',
    row: 'Result endpoints | Exist; serve results of finished records.',
    stated: false,
    example: { name: 'ErrorNotFinished', summary: 'Record not finished yet' },
  }),
  // Given by the request checks shared with the mock (@tas/openapi's routeRequest and checkRequest).
  unknownPath: refusal<{ text: string }>({
    status: 404,
    code: 'not_found',
    text: ({ text }) => text,
    stated: false,
    by: 'request checks',
  }),
  methodNotAllowed: refusal<{ text: string }>({
    status: 405,
    code: 'method_not_allowed',
    text: ({ text }) => text,
    stated: false,
    by: 'request checks',
  }),
  invalidParameter: refusal<{ text: string }>({
    status: 400,
    code: 'invalid_parameter',
    text: ({ text }) => text,
    stated: false,
    example: {
      name: 'ErrorInvalidParameter',
      summary: 'Malformed path or query parameter',
      params: { text: 'path parameter token must match format "uuid".' },
    },
    by: 'request checks',
  }),
  invalidBody: refusal<{ text: string }>({
    status: 400,
    code: 'invalid_body',
    text: ({ text }) => text,
    stated: false,
    example: {
      name: 'ErrorInvalidBody',
      summary: 'Malformed request',
      params: { text: 'The request body is not valid JSON.' },
    },
    by: 'request checks',
  }),
  bodyTooLarge: refusal<{ text: string }>({
    status: 413,
    code: 'body_too_large',
    text: ({ text }) => text,
    stated: false,
    example: {
      name: 'ErrorBodyTooLarge',
      summary: 'A body past the size limit',
      params: { text: 'The request body is larger than 1048576 bytes (1 MiB).' },
    },
    by: 'request checks',
  }),
};
