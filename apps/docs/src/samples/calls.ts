import { ANSWERS_JQ, curl } from '../guide/walkthrough/commands.js';

/**
 * The code samples of the reference: one entry per operation, the one source both the curl and the
 * typed-client sample are rendered from (`render.ts`), and that `test/code-samples.test.ts` runs
 * against a sandbox. A value `$NAME` is the shell (or environment) variable NAME.
 */
export interface SampleCall {
  /** Query parameters, in the order shown. */
  query?: Record<string, string | number | boolean>;
  /** The named request example of the description sent as the body; first one when left out. */
  example?: string;
  /** Body fields replaced by a variable (a code from the SMS, a draft token). */
  bodyVariables?: Record<string, string>;
  /** The sandbox key the sample suggests: SMS mode where the operation is about the code. */
  key: 'sandbox-key-instant' | 'sandbox-key-sms';
  /** How to get each variable the sample reads, beyond BASE_URL and API_KEY. */
  needs?: Record<string, string>;
}

const READY = 'a ready standalone record: GET /record/?status=2&auth_required=true';
const AUTHENTICATED = 'an authenticated record (after POST /record/{token}/auth/)';

export const SAMPLE_CALLS: Record<string, SampleCall> = {
  listRecords: { query: { status: 2, auth_required: true }, key: 'sandbox-key-instant' },
  getRecord: { key: 'sandbox-key-instant', needs: { RECORD: READY } },
  authenticateRecord: { example: 'RecordAuthRequest', key: 'sandbox-key-instant', needs: { RECORD: READY } },
  verifyRecordAuth: {
    bodyVariables: { code: '$CODE' },
    key: 'sandbox-key-sms',
    needs: {
      RECORD: 'a record whose POST /record/{token}/auth/ sent a code',
      CODE: 'the 5-digit code the participant received (the sandbox: GET /__sandbox/sms/?mobile=…)',
    },
  },
  getQuestions: { key: 'sandbox-key-instant', needs: { RECORD: AUTHENTICATED } },
  submitAnswers: {
    example: 'SubmitAnswersMixed',
    bodyVariables: { record: '$ANSWERS' },
    key: 'sandbox-key-instant',
    needs: {
      RECORD: AUTHENTICATED,
      ANSWERS: `the answers to its questions as JSON, one per question in order (an option's id, or a text where answer.text is true), e.g. ANSWERS=$(${curl({ path: '/api/v2/record/$RECORD/questions/' })} | ${ANSWERS_JQ})`,
    },
  },
  getResult: { key: 'sandbox-key-instant', needs: { RECORD: 'a finished record (after POST /record/{token}/)' } },
  getRoadmap: {
    key: 'sandbox-key-instant',
    needs: { ROADMAP: 'a roadmap token (the sandbox: POST /__sandbox/roadmaps/)' },
  },
  authenticateRoadmap: {
    example: 'RoadmapAuthTwoRoles',
    key: 'sandbox-key-instant',
    needs: { ROADMAP: 'a ready roadmap whose roles are 1 and 2 (the sandbox: POST /__sandbox/roadmaps/)' },
  },
  verifyRoadmapAuth: {
    bodyVariables: { draft_token: '$DRAFT_TOKEN', code: '$CODE' },
    key: 'sandbox-key-sms',
    needs: {
      ROADMAP: 'a roadmap whose POST /roadmap/{token}/auth/ sent a code',
      DRAFT_TOKEN: 'the draft_token that call answered',
      CODE: 'the 5-digit code sent to the shared mobile (the sandbox: GET /__sandbox/sms/?mobile=…)',
    },
  },
};
