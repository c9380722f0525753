export { apiUrl, deploymentUrl } from './base-url.js';
export { type ClientOptions, createClient, type TasClient } from './client.js';
export { type Clock, systemClock } from './clock.js';
export {
  type CallSite,
  DraftExpiredError,
  type ErrorCode,
  errorCodes,
  TasApiError,
  TasError,
  type TasErrorKind,
  TasNetworkError,
  TasResponseError,
} from './errors.js';
export type { operations, paths } from './generated/openapi.js';
export {
  type AnswerIssue,
  AnswersError,
  buildAnswers,
  type Choice,
  checkAnswers,
  submitAnswers,
} from './journeys/answers.js';
export { type ListFilters, listRecords } from './journeys/listing.js';
export { getQuestionnaire, type Questionnaire } from './journeys/questionnaire.js';
export { type AuthOptions, authenticateRecord, type RecordAuthStart, startRecordAuth } from './journeys/record-auth.js';
export {
  authenticateRoadmap,
  DRAFT_VALIDITY_MS,
  type RoadmapAuthStart,
  startRoadmapAuth,
} from './journeys/roadmap-auth.js';
export { mediaUrl } from './media.js';
export { basePath, isSafeToRepeat, operationTable } from './operations.js';
export { defaultRateLimit, Pacer, type PacerWait, type RateLimit } from './pacer.js';
export type { FetchLike } from './transport.js';
export type * from './types.js';
