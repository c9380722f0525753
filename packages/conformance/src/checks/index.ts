import type { Assumption, OpenApiDocument } from '@tas/openapi';
import type { Check } from '../check.js';
import { exploreCheck } from '../explore/check.js';
import { afterFinish } from './after-finish.js';
import { ageGenderMismatch } from './age-gender-mismatch.js';
import { agreement } from './agreement.js';
import { draftTokenExpiry } from './draft-token-expiry.js';
import { duplicateExternalId } from './duplicate-external-id.js';
import { externalIdPerOrganizer } from './external-id-per-organizer.js';
import { externalIdRoadmapAuth } from './external-id-roadmap-auth.js';
import { listingDetail } from './listing-detail.js';
import { listingRule1 } from './listing-rule-1.js';
import { listingTenancy } from './listing-tenancy.js';
import { malformedToken } from './malformed-token.js';
import { missingApiKey } from './missing-api-key.js';
import { mobileLimit } from './mobile-limit.js';
import { type NegativeOptions, negativeInputs } from './negative-inputs.js';
import { operationExamples } from './operation-examples.js';
import { profileFields } from './profile-fields.js';
import { queryConstraints } from './query-constraints.js';
import { questionnaireHtml } from './questionnaire-html.js';
import { questionnaireTestId } from './questionnaire-test-id.js';
import { questionsBeforeAuth } from './questions-before-auth.js';
import { questionsFlat } from './questions-flat.js';
import { recordAuth } from './record-auth.js';
import { recordAuthTwice } from './record-auth-twice.js';
import { requestConstraints } from './request-constraints.js';
import { resultBeforeFinish } from './result-before-finish.js';
import { resultTenancy } from './result-tenancy.js';
import { resultsAfterFinish } from './results-after-finish.js';
import { roadmapAuth } from './roadmap-auth.js';
import { roadmapAuthTwice } from './roadmap-auth-twice.js';
import { roadmapFinished } from './roadmap-finished.js';
import { roadmapRecordAuth } from './roadmap-record-auth.js';
import { roadmapUnknownRole } from './roadmap-unknown-role.js';
import { roadmapVerifyDraftToken } from './roadmap-verify-draft-token.js';
import { roadmapVerifyTwice } from './roadmap-verify-twice.js';
import { smsWrongCode } from './sms-wrong-code.js';
import { submitFinishes } from './submit-finishes.js';
import { submitInvalidValues } from './submit-invalid-values.js';
import { submitWrongLength } from './submit-wrong-length.js';
import { tenantIsolation } from './tenant-isolation.js';
import { unknownPath } from './unknown-path.js';
import { unknownRecord } from './unknown-record.js';
import { unsupportedMethod } from './unsupported-method.js';
import { validEdges } from './valid-edges.js';
import { verifyAfterAuth } from './verify-after-auth.js';
import { vipWait } from './vip-wait.js';
import { wrongApiKey } from './wrong-api-key.js';

/** Every check, in run order: contract, security, then the journeys. Ids are unique. */
export function allChecks(
  doc: OpenApiDocument,
  assumptions: Assumption[],
  negative: NegativeOptions = { seed: 0 },
): Check[] {
  return [
    ...operationExamples(doc),
    ...requestConstraints(doc, assumptions),
    ...queryConstraints(doc),
    ...negativeInputs(doc, assumptions, negative),
    roadmapUnknownRole,
    malformedToken,
    unsupportedMethod,
    unknownPath,
    missingApiKey,
    wrongApiKey,
    tenantIsolation,
    listingTenancy,
    unknownRecord,
    vipWait,
    questionsBeforeAuth,
    recordAuth,
    recordAuthTwice,
    verifyAfterAuth,
    profileFields,
    questionsFlat,
    smsWrongCode,
    questionnaireTestId,
    questionnaireHtml,
    submitWrongLength,
    submitInvalidValues,
    resultBeforeFinish,
    submitFinishes,
    resultsAfterFinish,
    resultTenancy,
    afterFinish,
    roadmapRecordAuth,
    roadmapAuth,
    roadmapAuthTwice,
    roadmapVerifyTwice,
    roadmapVerifyDraftToken,
    roadmapFinished,
    ageGenderMismatch,
    duplicateExternalId,
    externalIdPerOrganizer,
    externalIdRoadmapAuth,
    draftTokenExpiry,
    mobileLimit,
    validEdges,
    listingRule1,
    listingDetail,
    agreement,
    exploreCheck({ seed: negative.seed, requests: negative.explore }),
  ];
}
