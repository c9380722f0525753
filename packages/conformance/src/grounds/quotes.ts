/**
 * Sentences of the interface document, verbatim: what a rule or a constraint rests on.
 * test/grounds.test.ts fails when one is not in the interface word for word, or not in grounds.json.
 */
export const Q = {
  envelope: 'Every response uses the same envelope (see Errors).',
  responsesUseEnvelope: 'Responses use the envelope above.',
  data: '| `data` | object | Payload of the operation. |',
  successful: '| `successful` | boolean | Outcome flag. |',
  messages: '| `messages` | array | Messages list; empty in successful examples. |',
  errorBodies: 'Body shape of error responses and content of `messages`: not shown.',
  statusesStated: 'The status codes below are stated per operation.',
  noKeyBehaviour: 'Behaviour of a request with a missing or invalid `API-KEY`: not shown.',
  rateLimit: '| API rate | 100 per minute and 3,000 per hour; excess returns 429 | all API calls |',
  rateHeaders: 'Scope of the rate limit (per key or per account) and any rate-limit response headers: not shown.',
  bodiesJson: 'Bodies are JSON (`Content-Type: application/json`).',
  shapesNotShown: 'Request and response payload shapes of the rows above, other than those stated: not shown.',
  listingNotShown: 'Paths and parameters of record listing and of result endpoints: not shown.',
  recordToken: '| `token` | string (UUID) | Identifier of the record; used in all record endpoints. |',
  roadmapToken: 'Path parameter: `token` (string, UUID, required): roadmap instance.',
  roadmapUuid: 'A roadmap is identified by a UUID token.',
  mobile: '| `mobile` | string | yes | Iranian mobile number shared by all role profiles; 11 digits starting `09`.',
  mobileLimit: '| `mobile` | 11 digits, starts with `09` | roadmap auth |',
  roles: '| `roles` | array | yes | At least one item.',
  rolesLimit: '| `roles` | at least 1 item | roadmap auth |',
  roleId: '| `roles[].id` | integer | yes | Role ID. |',
  roleProfile: '| `roles[].profile` | object | yes | Profile of this role. |',
  name: '| `roles[].profile.name` | string | yes | Full name in Persian letters; max 50 characters. |',
  nameLimit: '| `profile.name` | max 50 characters, Persian letters | roadmap auth |',
  birth: '| `roles[].profile.birth` | string | yes | Date of birth, ISO 8601 date. |',
  isMale: '| `roles[].profile.is_male` | boolean | yes | `true` male, `false` female. |',
  externalId:
    '| `roles[].profile.external_id` | integer | no | Partner-assigned number; unique per organizer account. |',
  record: 'Body field `record`: array with exactly one entry per question, in the same order as `questions[]`.',
  optionEntry: "Entry for an option question: the selected option's `id` (integer).",
  textEntry: "Entry for a free-text question (`answer.text` true): the participant's string.",
  validatedPerTest: 'Allowed values and array length are validated per test',
  statusValues: '| `status` | integer | `0` VIP wait, `1` finished, `2` ready. |',
  htmlOnly: '`{html: string}` only',
  apiKey: "Every request carries the header `API-KEY` with the organizer's API key",
  recordFields: '| `submit_on` | string (ISO 8601) or null | Time answers were submitted; `null` until finished. |',
  testFields:
    'The record detail response (`GET /record/{token}/`) also carries a nested `test` object with the fields: `id`, `title`, `questions_count`, `doing_time_minutes`, `min_age`, `max_age`, `gender_permission`, `categories`.',
  profileFields: '| `case_number` | string | Case number assigned by the service. |',
  roadmapPayload:
    'Its payload contains `roles` (each with an integer ID), `test_records` (the records that belong to it) and `tests_auth_required`.',
  jsonQuestionnaire:
    "`test_id` (string, equals the record's `test_id`), `preface` (string or null, optional instruction text), `questions` (array of Question, see Resources)",
  questionFields: '| `question.text` | string | Question text. |',
  optionFields: '| `num` | string | Display order label. |',
  roadmapAuthData:
    '| `draft_token` | string | only when `true` | Pass to `PUT /roadmap/{token}/auth/verify/` with the SMS code; valid 5 minutes. |',
} as const;
