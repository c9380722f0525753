import type { Assumption, OpenApiDocument } from '@tas/openapi';
import type { Check } from '../check.js';
import { afterFinish } from './after-finish.js';
import { listingRule1 } from './listing-rule-1.js';
import { malformedToken } from './malformed-token.js';
import { missingApiKey } from './missing-api-key.js';
import { operationExamples } from './operation-examples.js';
import { queryConstraints } from './query-constraints.js';
import { questionnaireTestId } from './questionnaire-test-id.js';
import { questionsBeforeAuth } from './questions-before-auth.js';
import { recordAuth } from './record-auth.js';
import { recordAuthTwice } from './record-auth-twice.js';
import { requestConstraints } from './request-constraints.js';
import { resultBeforeFinish } from './result-before-finish.js';
import { resultsAfterFinish } from './results-after-finish.js';
import { roadmapAuth } from './roadmap-auth.js';
import { roadmapAuthTwice } from './roadmap-auth-twice.js';
import { roadmapRecordAuth } from './roadmap-record-auth.js';
import { smsWrongCode } from './sms-wrong-code.js';
import { submitFinishes } from './submit-finishes.js';
import { submitWrongLength } from './submit-wrong-length.js';
import { tenantIsolation } from './tenant-isolation.js';
import { unknownRecord } from './unknown-record.js';
import { vipWait } from './vip-wait.js';
import { wrongApiKey } from './wrong-api-key.js';

/** Every check, in run order: contract, security, then the journeys. Ids are unique. */
export function allChecks(doc: OpenApiDocument, assumptions: Assumption[]): Check[] {
  return [
    ...operationExamples(doc),
    ...requestConstraints(doc, assumptions),
    ...queryConstraints(doc),
    malformedToken,
    missingApiKey,
    wrongApiKey,
    tenantIsolation,
    unknownRecord,
    vipWait,
    questionsBeforeAuth,
    recordAuth,
    recordAuthTwice,
    smsWrongCode,
    questionnaireTestId,
    submitWrongLength,
    resultBeforeFinish,
    submitFinishes,
    resultsAfterFinish,
    afterFinish,
    roadmapRecordAuth,
    roadmapAuth,
    roadmapAuthTwice,
    listingRule1,
  ];
}
