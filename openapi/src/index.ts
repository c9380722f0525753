export {
  type Assumption,
  assumptionLabel,
  assumptionsTable,
  isAssumed,
  isBoundKeyword,
  isStatedBound,
  listAssumptions,
} from './assumptions.js';
export {
  basePath,
  DESCRIPTION_FILE,
  type JsonObject,
  loadDescription,
  type OpenApiDocument,
} from './description.js';
export {
  API_REFUSALS,
  type CatalogueEntry,
  type RefusalStatus,
  refusal,
} from './error-catalogue.js';
export { type Journey, type JourneyStep, loadJourneys } from './journeys.js';
export { type Limits, limitsOf } from './limits.js';
export {
  answerMedia,
  byteRange,
  MEDIA_PREFIX,
  type MediaAnswer,
  type MediaFile,
  mediaBaseOf,
  sampleMedia,
} from './media.js';
export { createNormaliser, NORMALISE_STEPS, normaliseString, stepsOf } from './normalise.js';
export {
  listOperations,
  type Match,
  METHODS,
  type Method,
  matchOperation,
  type Operation,
  type Parameter,
  type ResponseSpec,
} from './operations.js';
export {
  followRefs,
  pointerEscape,
  pointerGet,
  pointerOf,
  pointerSegments,
  pointerUnescape,
  type RefSiblings,
  resolveRef,
} from './pointer.js';
export {
  BODY_BOUNDS_TEXT,
  BODY_LIMIT,
  type CheckedRequest,
  checkRequest,
  isRefusal,
  MAX_DEPTH,
  type Message,
  nestingDepth,
  type RawBody,
  type Refusal,
  rawBody,
  routeRequest,
  unmatched,
} from './requests.js';
export {
  createValidator,
  DETAIL_NODES,
  faultOf,
  type ValidationIssue,
  type ValidationResult,
  type Validator,
} from './validator.js';
