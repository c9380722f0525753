import type { Target } from '../types.js';

/** One observable statement of the interface document and the checks that verify it. */
export interface Statement {
  /** The interface's section and table, e.g. `Errors: POST /roadmap/{token}/auth/`. */
  section: string;
  /** The statement, as the interface puts it (shortened). */
  text: string;
  /** Check ids and response rule ids that verify it. */
  checks: string[];
  /** Why no check can verify it on a target (or anywhere), where that is so. */
  notCheckable?: Partial<Record<Target | 'all', string>>;
}

const ANY_RESPONSE = ['response.schema'];
const STATE = 'a client cannot trigger it: the VIP or billing action is taken in the organizer panel';

/** Every observable statement of the interface, section by section. */
export const STATEMENTS: Statement[] = [
  // Resources and their fields
  {
    section: 'Resources: envelope',
    text: '`data`, `successful`, `messages` in every response',
    checks: ['response.envelope', 'unknown-path', 'unsupported-method'],
  },
  {
    section: 'Resources: Record',
    text: '`token` UUID, `test_id`, `test_title`, `create` (ISO 8601)',
    checks: ANY_RESPONSE,
  },
  {
    section: 'Resources: Record',
    text: '`status` 0 VIP wait, 1 finished, 2 ready',
    checks: ['vip-wait', 'submit-finishes', 'record-auth', ...ANY_RESPONSE],
  },
  {
    section: 'Resources: Record',
    text: '`auth_required` true while no profile is linked, false after authentication',
    checks: ['questions-before-auth', 'record-auth', 'roadmap-auth'],
  },
  {
    section: 'Resources: Record',
    text: '`tests_auth_required` echoed in record and roadmap payloads',
    checks: ['sms-wrong-code', 'roadmap-auth', ...ANY_RESPONSE],
  },
  {
    section: 'Resources: Record',
    text: '`is_finished` true when answers are submitted and scored',
    checks: ['submit-finishes', 'submit-wrong-length'],
  },
  {
    section: 'Resources: Record',
    text: '`role` the roadmap role ID, `null` for standalone records',
    checks: ['record-auth', 'roadmap-record-auth', 'roadmap-auth'],
  },
  {
    section: 'Resources: Record',
    text: '`profile` linked once authentication has occurred',
    checks: ['record-auth', 'roadmap-auth', 'profile-fields'],
  },
  { section: 'Resources: Record', text: '`submit_on` null until finished', checks: ['record-auth', 'submit-finishes'] },
  { section: 'Resources: Record', text: 'record detail carries the nested `test` object', checks: ANY_RESPONSE },
  {
    section: 'Resources: Profile',
    text: '`token`, `external_id`, `case_number`, `mobile`, `name`, `age` (from birth), `birth`, `is_male`',
    checks: ['profile-fields', ...ANY_RESPONSE],
  },
  {
    section: 'Resources: Roadmap',
    text: '`roles` (integer IDs), `test_records`, `tests_auth_required`',
    checks: ['roadmap-auth', 'roadmap-record-auth', ...ANY_RESPONSE],
  },
  {
    section: 'Resources: Question',
    text: '`num`, `question.text|audio|image`, `answer.text`, `answer.options` when `answer.text` is false',
    checks: ['questions-flat', ...ANY_RESPONSE],
  },
  {
    section: 'Resources: Option',
    text: '`id` (the value to submit), `num`, `text`, `audio`, `image`',
    checks: ['submit-finishes', ...ANY_RESPONSE],
  },
  // States and transitions
  {
    section: 'States',
    text: "VIP wait (status 0) -> Ready by the organizer's VIP or billing action",
    checks: [],
    notCheckable: { all: STATE },
  },
  {
    section: 'States',
    text: 'VIP wait: the record exists but is unavailable (no questions, no authentication)',
    checks: ['vip-wait'],
  },
  {
    section: 'States',
    text: 'Ready -> Authenticated: standalone auth (+ verify with SMS), profile linked',
    checks: ['record-auth', 'sms-wrong-code', 'verify-after-auth', 'record-auth-twice'],
  },
  {
    section: 'States',
    text: 'Ready -> Authenticated: roadmap auth, instant; role profiles linked to every record',
    checks: ['roadmap-auth'],
  },
  {
    section: 'States',
    text: 'Ready -> Authenticated: roadmap auth then verify; `draft_token` valid 5 minutes',
    checks: ['roadmap-auth', 'roadmap-verify-twice', 'roadmap-verify-draft-token', 'draft-token-expiry'],
  },
  {
    section: 'States',
    text: 'Authenticated -> Finished by submitting answers; `submit_on` set; results available',
    checks: ['submit-finishes', 'results-after-finish', 'after-finish'],
  },
  {
    section: 'Rules',
    text: 'Rule 1: new-participant records are found by filtering status 2 and auth_required true',
    checks: ['listing-rule-1'],
  },
  {
    section: 'Rules',
    text: 'Rule 2: after authentication status stays 2, auth_required becomes false',
    checks: ['record-auth', 'roadmap-auth'],
  },
  {
    section: 'Rules',
    text: 'Rule 3: record-level auth of a roadmap record is rejected with 409',
    checks: ['roadmap-record-auth'],
  },
  // Endpoints
  {
    section: 'Endpoints',
    text: 'every path under `/api/v2`; `token` path parameters are UUIDs',
    checks: [
      'example.getRecord',
      'example.authenticateRecord',
      'example.verifyRecordAuth',
      'example.getQuestions',
      'example.submitAnswers',
      'example.getResult',
      'example.authenticateRoadmap',
      'example.verifyRoadmapAuth',
      'malformed-token',
      'negative.getRecord',
      'negative.getQuestions',
      'negative.getResult',
      'negative.getRoadmap',
    ],
  },
  {
    section: 'Endpoints',
    text: 'bodies are JSON (`Content-Type: application/json`)',
    checks: ['response.content-type', 'constraints.submitAnswers', 'negative.submitAnswers'],
  },
  {
    section: 'POST /roadmap/{token}/auth/',
    text: 'body: mobile (11 digits, `09`), roles (>= 1, IDs of the roadmap), profile name (Persian, <= 50), birth (ISO date), is_male, external_id (integer)',
    checks: ['constraints.authenticateRoadmap', 'negative.authenticateRoadmap', 'roadmap-unknown-role'],
  },
  {
    section: 'POST /roadmap/{token}/auth/',
    text: 'answer: `draft_token` only in SMS mode, `roles` with profiles only in instant mode',
    checks: ['roadmap-auth', ...ANY_RESPONSE],
  },
  {
    section: 'GET /record/{token}/questions/',
    text: 'prerequisite: profile authenticated (else 403)',
    checks: ['questions-before-auth'],
  },
  {
    section: 'GET /record/{token}/questions/',
    text: 'prerequisite: record not finished (else 409)',
    checks: ['after-finish'],
  },
  {
    section: 'GET /record/{token}/questions/',
    text: 'prerequisite: VIP check passes (else 403)',
    checks: ['vip-wait'],
  },
  {
    section: 'GET /record/{token}/questions/',
    text: 'prerequisite: payment check passes (else 403)',
    checks: [],
    notCheckable: { all: 'a client cannot make a payment prerequisite fail' },
  },
  {
    section: 'GET /record/{token}/questions/',
    text: 'questions are a flat array in display order; no sections wrapper',
    checks: ['questions-flat'],
  },
  {
    section: 'GET /record/{token}/questions/',
    text: "JSON questionnaire: `test_id` equals the record's",
    checks: ['questionnaire-test-id', 'roadmap-auth'],
  },
  {
    section: 'GET /record/{token}/questions/',
    text: 'HTML questionnaire: `{html}` only',
    checks: ['questionnaire-html', ...ANY_RESPONSE],
  },
  {
    section: 'POST /record/{token}/',
    text: '`record`: exactly one entry per question, length and values validated per test',
    checks: ['submit-wrong-length', 'submit-invalid-values', 'constraints.submitAnswers', 'negative.submitAnswers'],
  },
  {
    section: 'POST /record/{token}/',
    text: "an option question's entry is the selected option's `id`, a free-text question's the participant's string",
    checks: ['submit-invalid-values'],
  },
  {
    section: 'POST /record/{token}/',
    text: 'success moves the record to Finished',
    checks: ['submit-finishes', 'roadmap-auth'],
  },
  {
    section: 'Other endpoints',
    text: '`GET /roadmap/{token}/` returns roles, test_records, tests_auth_required',
    checks: ['roadmap-auth', 'example.getRoadmap'],
  },
  {
    section: 'Other endpoints',
    text: '`PUT /roadmap/{token}/auth/verify/` takes the draft_token and the code',
    checks: [
      'roadmap-auth',
      'roadmap-verify-draft-token',
      'constraints.verifyRoadmapAuth',
      'negative.verifyRoadmapAuth',
    ],
  },
  {
    section: 'Other endpoints',
    text: '`POST /record/{token}/auth/` starts standalone authentication',
    checks: ['record-auth', 'constraints.authenticateRecord', 'negative.authenticateRecord'],
  },
  {
    section: 'Other endpoints',
    text: '`PUT /record/{token}/auth/verify/` completes it with the SMS code',
    checks: ['sms-wrong-code', 'verify-after-auth', 'constraints.verifyRecordAuth', 'negative.verifyRecordAuth'],
  },
  {
    section: 'Other endpoints',
    text: 'record listing filterable by `status` and `auth_required`',
    checks: ['listing-rule-1', 'constraints.listRecords', 'negative.listRecords'],
  },
  {
    section: 'Other endpoints',
    text: "record listing: a listed record is the one its detail shows; another organizer's records are not listed",
    checks: ['listing-detail', 'listing-tenancy'],
  },
  {
    section: 'Other endpoints',
    text: 'result endpoints serve results of finished records',
    checks: ['results-after-finish', 'result-before-finish'],
  },
  // Authentication
  { section: 'Authentication 1', text: 'every request carries `API-KEY`', checks: ['missing-api-key'] },
  {
    section: 'Authentication 1',
    text: "the key is the organizer's: a key that names no organizer is refused",
    checks: ['wrong-api-key'],
  },
  {
    section: 'Authentication 1',
    text: "one organizer's key reaches none of another's records or roadmaps",
    checks: ['tenant-isolation', 'listing-tenancy', 'result-tenancy'],
  },
  {
    section: 'Authentication 2',
    text: '`tests_auth_required` false: the first call authenticates instantly',
    checks: ['record-auth', 'roadmap-auth'],
  },
  {
    section: 'Authentication 2',
    text: '`tests_auth_required` true: SMS code, then verify with it',
    checks: ['sms-wrong-code', 'verify-after-auth', 'record-auth'],
  },
  {
    section: 'Authentication 2',
    text: 'standalone records use the record auth, roadmap records only the roadmap auth',
    checks: ['roadmap-record-auth'],
  },
  {
    section: 'Authentication 3',
    text: '`external_id` unique per organizer account (another organizer may use the same one)',
    checks: ['duplicate-external-id', 'external-id-roadmap-auth', 'external-id-per-organizer'],
  },
  // Errors
  {
    section: 'Errors: POST /roadmap/{token}/auth/',
    text: '400 invalid profile data, missing required fields',
    checks: ['constraints.authenticateRoadmap', 'negative.authenticateRoadmap'],
  },
  { section: 'Errors: POST /roadmap/{token}/auth/', text: '400 age/gender mismatch', checks: ['age-gender-mismatch'] },
  {
    section: 'Errors: POST /roadmap/{token}/auth/',
    text: '400 mobile duplicate limit reached (SMS mode only)',
    checks: ['mobile-limit'],
  },
  { section: 'Errors: POST /roadmap/{token}/auth/', text: '404 roadmap not found', checks: ['unknown-record'] },
  {
    section: 'Errors: POST /roadmap/{token}/auth/',
    text: '404 roadmap already finished',
    checks: ['roadmap-finished'],
  },
  {
    section: 'Errors: POST /roadmap/{token}/auth/',
    text: '409 duplicate `external_id`',
    checks: ['duplicate-external-id', 'external-id-roadmap-auth'],
  },
  {
    section: 'Errors: POST /roadmap/{token}/auth/',
    text: '409 authentication attempted again',
    checks: ['roadmap-auth-twice', 'roadmap-verify-twice'],
  },
  {
    section: 'Errors: POST /roadmap/{token}/auth/',
    text: '429 API rate limit exceeded',
    checks: ['response.retry-after'],
    notCheckable: { mock: 'the mock has no rate limit' },
  },
  {
    section: 'Errors: GET /record/{token}/questions/',
    text: '403 profile authentication, payment or VIP prerequisite not met',
    checks: ['questions-before-auth', 'vip-wait'],
  },
  { section: 'Errors: GET /record/{token}/questions/', text: '404 test record not found', checks: ['unknown-record'] },
  { section: 'Errors: GET /record/{token}/questions/', text: '409 record already completed', checks: ['after-finish'] },
  { section: 'Errors: record-level auth on a roadmap record', text: '409', checks: ['roadmap-record-auth'] },
  {
    section: 'Errors',
    text: "the status codes are stated per operation (a code beyond the tables is the description's choice)",
    checks: ['response.documented-status'],
  },
  {
    section: 'Errors',
    text: 'unsupported methods and unknown paths: refused in the envelope, never 2xx or 5xx',
    checks: ['unsupported-method', 'unknown-path', 'response.no-5xx'],
  },
  // Limits
  {
    section: 'Limits',
    text: 'API rate 100 per minute, 3,000 per hour; excess returns 429',
    checks: ['response.retry-after'],
    notCheckable: { mock: 'the mock has no rate limit' },
  },
  { section: 'Limits', text: '`draft_token` valid 5 minutes', checks: ['draft-token-expiry'] },
  {
    section: 'Limits',
    text: '`mobile` 11 digits starting `09`; `roles` >= 1; `profile.name` <= 50 Persian letters',
    checks: ['constraints.authenticateRoadmap', 'negative.authenticateRoadmap'],
  },
  {
    section: 'Limits',
    text: '`profile.external_id` unique per organizer account (roadmap auth, whoever used it first)',
    checks: ['duplicate-external-id', 'external-id-roadmap-auth'],
  },
  {
    section: 'Limits',
    text: '`record` answers: length and allowed values validated per test',
    checks: ['submit-wrong-length', 'submit-invalid-values'],
  },
  // Versioning
  {
    section: 'Versioning',
    text: 'the version is part of the path: `/api/v2/`',
    checks: ['example.listRecords', 'unknown-path'],
  },
];
