/** What a partner does about each code the sandbox answers (those of every server: @tas/serve's). */
export const FIXES: Record<string, string> = {
  not_vip_wait: 'Complete the VIP action only on a record in VIP wait (`status` 0).',
  age_out_of_bounds: 'Move the clock less far, or reset the organizer (`POST /__sandbox/reset/`).',
  quota_exceeded: 'Reset the organizer (`POST /__sandbox/reset/`): it frees the space and returns to the seed.',
  sms_throttled: 'Wait the seconds the message names before asking for another code to this number.',
  too_busy: 'Send fewer calls at once with this key: wait `Retry-After` seconds, then go on one or a few at a time.',
  body_too_large: 'Send a body under 1 MiB: a real request is a few kB.',
  invalid_body:
    "Send JSON (`Content-Type: application/json`, UTF-8) that fits the operation's request schema; `field` points at the problem.",
  invalid_parameter:
    'Fix the path or query parameter the message names: a token is a UUID, filters take the values the reference lists.',
  invalid_profile:
    'Fix the profile field `field` points at: a name in Persian letters (at most 50), an ISO 8601 birth date, an age the bounds allow.',
  age_gender_mismatch:
    "Authenticate a participant whose age and gender the test permits (the record's `test.min_age`, `max_age`, `gender_permission`).",
  missing_api_key: "Send the organizer's key in the `API-KEY` header.",
  invalid_api_key: 'Send a key from the organizer panel: this one names no organizer.',
  not_found: "Use a token of your own organizer's record or roadmap; check the path ends with a slash.",
  rate_limited: 'Wait `Retry-After` seconds; stay under 100 calls a minute and 3,000 an hour.',
  already_authenticated: 'The record or roadmap is authenticated already: go on to its questions.',
  roadmap_record: 'Authenticate records of a roadmap with `POST /roadmap/{token}/auth/`, all roles at once.',
  duplicate_external_id:
    'Use an `external_id` this organizer has not used yet, or leave it out. On the sandbox, a reset (`POST /__sandbox/reset/`) forgets those used.',
  mobile_limit:
    'Use another mobile number: this one reached its limit of authentications (the sandbox: 5 per mobile and organizer). On the sandbox, a reset (`POST /__sandbox/reset/`) forgets them.',
  wrong_code: 'Send the code the SMS gave; the message says how many tries are left.',
  code_expired: 'Start the authentication again (a new code is sent) and verify in time.',
  code_locked: 'Start the authentication again: too many wrong codes locked this attempt.',
  no_pending_auth: 'Call `POST …/auth/` first: there is no authentication waiting for a code.',
  draft_expired: 'Start the roadmap authentication again: a `draft_token` is valid 5 minutes.',
  not_authenticated: 'Authenticate the record first: its questions and answers wait for a linked profile.',
  vip_wait: 'The organizer completes the VIP or billing action in the organizer panel; then the record is ready.',
  record_finished: 'The record is finished: read its result instead.',
  not_finished: 'Submit the answers first: a result exists once the record is finished.',
  invalid_answers:
    'Send one answer per question, in order: an offered option id, or text for a free-text question; `issues` lists each problem.',
  host_key_required: "Manage partner keys with the sandbox's host key (`SANDBOX_HOST_KEY`), not a partner's.",
  form_not_issued:
    'Post the questionnaire as the API answered it (its hidden `tas_form_secret` field), within 24 hours; else fetch it again.',
  not_an_html_form: 'Submit this record through `POST /record/{token}/`: its questionnaire is JSON.',
};
