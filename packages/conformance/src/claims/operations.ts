import type { Claim } from './claim.js';
import { accept, add, assumed, drop, refuse, retype, revalue, stated, unobservable } from './make.js';

const RM_AUTH = 'Endpoints: POST /roadmap/{token}/auth/';
const QUESTIONS = 'Endpoints: GET /record/{token}/questions/';
const SUBMIT = 'Endpoints: POST /record/{token}/ (submit answers)';
const OTHER = 'Endpoints: Other endpoints referred to';

const row = {
  token: 'Path parameter: `token` (string, UUID, required): roadmap instance.',
  mobile: '| `mobile` | string | yes | Iranian mobile number shared by all role profiles; 11 digits starting `09`.',
  smsTo: 'With SMS verification the code is sent to it.',
  roles: '| `roles` | array | yes | At least one item.',
  roleMatch: "Each entry's `id` must match a role ID returned by `GET /roadmap/{token}/`.",
  roleId: '| `roles[].id` | integer | yes | Role ID. |',
  roleProfile: '| `roles[].profile` | object | yes | Profile of this role. |',
  name: '| `roles[].profile.name` | string | yes | Full name in Persian letters; max 50 characters. |',
  birth: '| `roles[].profile.birth` | string | yes | Date of birth, ISO 8601 date. |',
  isMale: '| `roles[].profile.is_male` | boolean | yes | `true` male, `false` female. |',
  externalId:
    '| `roles[].profile.external_id` | integer | no | Partner-assigned number; unique per organizer account. |',
  always: '| `tests_auth_required` | boolean | always | Organizer policy. |',
  draft:
    '| `draft_token` | string | only when `true` | Pass to `PUT /roadmap/{token}/auth/verify/` with the SMS code; valid 5 minutes. |',
  answerRoles:
    '| `roles` | array | only when `false` | Items: `role_id` (integer) and `profile` (token, external_id, case_number, mobile, name, age, birth, is_male). |',
  prerequisites:
    'Prerequisites: profile authenticated (`auth_required` false); when the organizer has `tests_auth_required: true`, the record-level two-step auth completed first; record not finished; billing and VIP checks pass. Otherwise 403 or 409.',
  flat: 'Questions are a flat array in display order; there is no sections wrapper.',
  json: "`test_id` (string, equals the record's `test_id`), `preface` (string or null, optional instruction text), `questions` (array of Question, see Resources)",
  html: '`{html: string}` only',
  record: 'Body field `record`: array with exactly one entry per question, in the same order as `questions[]`.',
  optionEntry: "Entry for an option question: the selected option's `id` (integer).",
  textEntry: "Entry for a free-text question (`answer.text` true): the participant's string.",
  validated: 'Allowed values and array length are validated per test',
  finishes: 'Success moves the record to Finished.',
  getRoadmap:
    '| `GET /roadmap/{token}/` | Returns the roadmap with its `roles`, `test_records` and `tests_auth_required`. |',
  verifyRoadmap:
    '| `PUT /roadmap/{token}/auth/verify/` | Takes the `draft_token` and the SMS code; completes roadmap authentication. |',
  recordAuth: '| `POST /record/{token}/auth/` | Starts authentication of a standalone record. |',
  verifyRecord: '| `PUT /record/{token}/auth/verify/` | Completes standalone authentication with the SMS code. |',
  detail: '| `GET /record/{token}/` | Record detail including the nested `test` object. |',
  listing: '| Record listing | Exists; returns records that can be filtered by `status` and `auth_required`. |',
  results: '| Result endpoints | Exist; serve results of finished records. |',
  notShown: 'Paths and parameters of record listing and of result endpoints: not shown.',
};

const CONSTRAINTS = ['constraints.authenticateRoadmap', 'negative.authenticateRoadmap'];
const RA = 'authenticateRoadmap';
/**
 * Acceptances of a first authentication call run in instant mode: in SMS mode a server that accepts
 * sends a code, which a generated acceptance cannot (the suite would wait for it: "could not run").
 */
const INSTANT = { mode: 'instant' as const };
const RESULTS_ASSUMED = { via: ['results-after-finish'] };

export const OPERATION_CLAIMS: Claim[] = [
  // POST /roadmap/{token}/auth/: the request
  stated(
    'roadmap-auth.token',
    RM_AUTH,
    row.token,
    'a token that is no UUID is refused',
    ['malformed-token'],
    [accept('getRoadmap', ['invalid_parameter'])],
  ),
  stated('roadmap-auth.mobile', RM_AUTH, row.mobile, '`mobile`: 11 digits starting `09`', CONSTRAINTS, [
    accept(RA, undefined, { field: '/mobile' }),
  ]),
  stated(
    'roadmap-auth.mobile.shared',
    RM_AUTH,
    row.mobile,
    "the mobile is every role profile's",
    ['roadmap-auth'],
    [
      revalue('getRecord', '/data/profile/mobile', { when: ['/data/role', 2], whenNot: ['/data/profile', null] }),
      revalue(RA, '/data/roles/*/profile/mobile', { mode: 'instant' }),
    ],
  ),
  unobservable(
    'roadmap-auth.mobile.sms',
    RM_AUTH,
    row.smsTo,
    'the SMS code goes to that mobile',
    "a client cannot see where an SMS goes: the suite's code reader is told the mobile, and a code it cannot read is its own shortfall (could not run), never the target's fault",
  ),
  stated('roadmap-auth.roles.min', RM_AUTH, row.roles, '`roles`: at least one item', CONSTRAINTS, [
    accept(RA, undefined, { field: '/roles', bodyHas: '"roles":[]' }),
  ]),
  stated(
    'roadmap-auth.roles.match',
    RM_AUTH,
    row.roleMatch,
    'a role ID the roadmap does not have is refused',
    ['roadmap-unknown-role'],
    [accept(RA, ['invalid_profile'], { field: '/roles/0/id' })],
  ),
  stated('roadmap-auth.roles.id', RM_AUTH, row.roleId, '`roles[].id` an integer, required', CONSTRAINTS, [
    accept(RA, undefined, { field: '/roles/0/id' }),
  ]),
  stated('roadmap-auth.roles.profile', RM_AUTH, row.roleProfile, '`roles[].profile` an object, required', CONSTRAINTS, [
    accept(RA, undefined, { bodyHas: '{"id":1}' }),
  ]),
  stated('roadmap-auth.name', RM_AUTH, row.name, '`name`: Persian letters, at most 50', CONSTRAINTS, [
    accept(RA, undefined, { field: '/roles/0/profile/name' }),
  ]),
  stated('roadmap-auth.birth', RM_AUTH, row.birth, '`birth`: an ISO 8601 date', CONSTRAINTS, [
    accept(RA, undefined, { field: '/roles/0/profile/birth', codes: ['invalid_body', 'invalid_profile'] }),
  ]),
  stated('roadmap-auth.is_male', RM_AUTH, row.isMale, '`is_male`: a boolean, required', CONSTRAINTS, [
    accept(RA, undefined, { field: '/roles/0/profile/is_male' }),
  ]),
  stated('roadmap-auth.external_id.type', RM_AUTH, row.externalId, '`external_id`: an integer', CONSTRAINTS, [
    accept(RA, ['invalid_body', 'invalid_profile'], { field: '/roles/0/profile/external_id' }),
  ]),
  stated(
    'roadmap-auth.external_id.unique',
    RM_AUTH,
    row.externalId,
    'an external_id used in the account (by a roadmap or a record) is refused',
    ['duplicate-external-id', 'external-id-roadmap-auth'],
    [accept(RA, ['duplicate_external_id'], INSTANT)],
  ),
  // POST /roadmap/{token}/auth/: the answer
  stated(
    'roadmap-auth.answer.tests_auth_required',
    RM_AUTH,
    row.always,
    '`tests_auth_required` always',
    ['roadmap-auth'],
    [
      drop(RA, '/data/tests_auth_required'),
      drop(RA, '/data/tests_auth_required', { mode: 'instant' }),
      revalue(RA, '/data/tests_auth_required'),
    ],
  ),
  stated(
    'roadmap-auth.answer.draft_token',
    RM_AUTH,
    row.draft,
    '`draft_token` a string when `true`',
    ['roadmap-auth'],
    [drop(RA, '/data/draft_token'), retype(RA, '/data/draft_token')],
  ),
  stated(
    'roadmap-auth.answer.draft_token.only',
    RM_AUTH,
    row.draft,
    '`draft_token` only when `true`',
    ['roadmap-auth'],
    [add(RA, '/data/draft_token', 'f1c2a3b4-0000-4000-8000-000000000000', { mode: 'instant' })],
  ),
  stated(
    'roadmap-auth.answer.roles',
    RM_AUTH,
    row.answerRoles,
    '`roles` when `false`',
    ['roadmap-auth'],
    [drop(RA, '/data/roles', { mode: 'instant' }), retype(RA, '/data/roles', { mode: 'instant' })],
  ),
  stated(
    'roadmap-auth.answer.roles.only',
    RM_AUTH,
    row.answerRoles,
    '`roles` only when `false`',
    ['roadmap-auth'],
    [add(RA, '/data/roles', [], {})],
  ),
  stated(
    'roadmap-auth.answer.roles.role_id',
    RM_AUTH,
    row.answerRoles,
    "each item's `role_id` (integer), a role sent",
    ['roadmap-auth'],
    [
      retype(RA, '/data/roles/*/role_id', { mode: 'instant' }),
      revalue(RA, '/data/roles/*/role_id', { mode: 'instant', value: 99 }),
    ],
  ),
  stated(
    'roadmap-auth.answer.roles.profile.external_id',
    RM_AUTH,
    row.answerRoles,
    "each item's profile has `external_id`",
    ['profile-fields'],
    [],
    {
      noBreach:
        'the suite sends no external_id in roadmap-auth, and a profile without one may leave it out; profile-fields judges the one sent on the record',
    },
  ),
  ...['token', 'case_number', 'mobile', 'name', 'age', 'birth', 'is_male'].map((field) =>
    stated(
      `roadmap-auth.answer.roles.profile.${field}`,
      RM_AUTH,
      row.answerRoles,
      `each item's profile has \`${field}\``,
      ['roadmap-auth'],
      [drop(RA, `/data/roles/*/profile/${field}`, { mode: 'instant' })],
    ),
  ),
  stated(
    'roadmap-auth.answer.roles.profile.sent',
    RM_AUTH,
    row.answerRoles,
    "each item's profile is the one sent for its role",
    ['roadmap-auth'],
    [
      revalue(RA, '/data/roles/*/profile/name', { mode: 'instant' }),
      revalue(RA, '/data/roles/*/profile/birth', { mode: 'instant', value: '1990-02-03' }),
    ],
  ),
  // GET /record/{token}/questions/
  stated(
    'questions.prerequisite.auth',
    QUESTIONS,
    row.prerequisites,
    'profile authenticated, else refused',
    ['questions-before-auth'],
    [accept('getQuestions', ['not_authenticated'])],
  ),
  stated(
    'questions.prerequisite.finished',
    QUESTIONS,
    row.prerequisites,
    'record not finished, else refused',
    ['after-finish'],
    [accept('getQuestions', ['record_finished'])],
  ),
  stated(
    'questions.prerequisite.vip',
    QUESTIONS,
    row.prerequisites,
    'VIP check passes, else refused',
    ['vip-wait'],
    [accept('getQuestions', ['vip_wait'])],
  ),
  unobservable(
    'questions.prerequisite.billing',
    QUESTIONS,
    row.prerequisites,
    'billing check passes, else refused',
    'a client cannot make a billing prerequisite fail: payments are made in the organizer panel',
  ),
  stated(
    'questions.served',
    QUESTIONS,
    row.prerequisites,
    'an authenticated, unfinished record is served its questions',
    ['questionnaire-test-id'],
    [refuse('getQuestions', { value: 403 })],
  ),
  stated(
    'questions.flat',
    QUESTIONS,
    row.flat,
    'a flat array, no sections wrapper',
    ['questions-flat'],
    [revalue('getQuestions', '/data/questions', { value: [{ title: 'part 1', questions: [] }] })],
  ),
  stated(
    'questions.test_id',
    QUESTIONS,
    row.json,
    "`test_id` equals the record's",
    ['questionnaire-test-id'],
    [revalue('getQuestions', '/data/test_id')],
  ),
  stated(
    'questions.test_id.type',
    QUESTIONS,
    row.json,
    '`test_id` a string',
    ['response.schema', 'questionnaire-test-id'],
    [retype('getQuestions', '/data/test_id')],
  ),
  stated(
    'questions.preface',
    QUESTIONS,
    row.json,
    '`preface` a string or null',
    ['response.schema'],
    [retype('getQuestions', '/data/preface', { via: ['questions-flat'] })],
  ),
  stated(
    'questions.questions',
    QUESTIONS,
    row.json,
    '`questions` an array',
    ['questions-flat'],
    [retype('getQuestions', '/data/questions')],
  ),
  stated(
    'questions.html.only',
    QUESTIONS,
    row.html,
    'an HTML questionnaire is `{html}` only',
    ['questionnaire-html'],
    [add('getQuestions', '/data/test_id', 'raven-html', { whenNot: ['/data/html', undefined] })],
  ),
  stated(
    'questions.html.string',
    QUESTIONS,
    row.html,
    '`html` a string',
    ['questionnaire-html'],
    [retype('getQuestions', '/data/html', { whenNot: ['/data/html', undefined] })],
  ),
  // POST /record/{token}/
  stated(
    'submit.length',
    SUBMIT,
    row.record,
    'exactly one entry per question',
    ['submit-wrong-length'],
    [accept('submitAnswers', ['invalid_answers'])],
  ),
  stated(
    'submit.values',
    SUBMIT,
    row.validated,
    'allowed values validated per test',
    ['submit-invalid-values'],
    [accept('submitAnswers', ['invalid_answers'])],
  ),
  stated(
    'submit.option',
    SUBMIT,
    row.optionEntry,
    "an option question's entry is an offered option's `id`",
    ['submit-invalid-values'],
    [accept('submitAnswers', ['invalid_answers'], { bodyHas: '"record":[' })],
  ),
  stated(
    'submit.text',
    SUBMIT,
    row.textEntry,
    "a free-text question's entry is a string",
    ['submit-finishes'],
    [refuse('submitAnswers')],
  ),
  stated(
    'submit.finishes',
    SUBMIT,
    row.finishes,
    'success moves the record to Finished',
    ['submit-finishes'],
    [revalue('getRecord', '/data/status', { value: 2, when: ['/data/status', 1] }), refuse('submitAnswers')],
  ),
  // Other endpoints referred to
  stated(
    'roadmap.read',
    OTHER,
    row.getRoadmap,
    'the roadmap is read with its roles, test_records and tests_auth_required',
    ['roadmap-auth'],
    [refuse('getRoadmap', { value: 404 })],
  ),
  stated(
    'roadmap-verify.completes',
    OTHER,
    row.verifyRoadmap,
    'the draft_token and the code complete roadmap authentication',
    ['roadmap-auth'],
    [refuse('verifyRoadmapAuth')],
  ),
  stated(
    'record-auth.starts',
    OTHER,
    row.recordAuth,
    'a standalone record is authenticated by it',
    ['record-auth'],
    [refuse('authenticateRecord'), refuse('authenticateRecord', { mode: 'instant' })],
  ),
  stated(
    'record-verify.completes',
    OTHER,
    row.verifyRecord,
    'the SMS code completes it',
    ['record-auth'],
    [refuse('verifyRecordAuth')],
  ),
  stated(
    'record-verify.code',
    OTHER,
    row.verifyRecord,
    'only the code sent completes it',
    ['sms-wrong-code'],
    [accept('verifyRecordAuth', ['wrong_code'])],
  ),
  stated(
    'record.detail',
    OTHER,
    row.detail,
    'the record detail is read',
    ['record-auth'],
    [refuse('getRecord', { value: 404 })],
  ),
  assumed(
    'listing.exists',
    OTHER,
    row.listing,
    "the listing is read at the description's path (paths not shown: another is given with --path)",
    ['listing-rule-1'],
    [refuse('listRecords', { value: 404 })],
  ),
  stated(
    'listing.filter',
    OTHER,
    row.listing,
    'it can be filtered by `status` and `auth_required`',
    ['listing-rule-1'],
    [
      revalue('listRecords', '/data/results/0/status', { value: 1 }),
      revalue('listRecords', '/data/results/0/auth_required', { value: false }),
    ],
  ),
  assumed(
    'results.serve',
    OTHER,
    row.results,
    'results of a finished record are served (at a path the description chose: paths not shown)',
    ['results-after-finish'],
    [refuse('getResult', { value: 404 }), revalue('getResult', '/data/test_id', RESULTS_ASSUMED)],
  ),
  stated(
    'results.not-before',
    OTHER,
    row.results,
    'no result before finishing (an acceptance at any path is one)',
    ['result-before-finish'],
    [accept('getResult', ['not_finished'])],
  ),
  unobservable(
    'listing.paths',
    OTHER,
    row.notShown,
    'the paths and parameters of the listing and results',
    "not a claim: the interface leaves them open; QA gives the deployment's with --path, and a conformant deployment's own choice passes (the suite is tested against deployments that choose otherwise)",
  ),
];
