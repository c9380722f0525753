import { refusal } from '@tas/openapi';
import { KEYLESS, SMS_THROTTLE } from '../hosting-quotas.js';

// The sandbox's own refusals: its control API, what a hosted sandbox bounds, the HTML form's post
// (those of /api/v2 are @tas/openapi's error catalogue).
// The interface has none of these; each is the sandbox's choice.
/** A key at one of its quotas: 409 from the control API, 400 from an SMS send of /api/v2. */
const QUOTA = {
  code: 'quota_exceeded',
  text: ({ held, quota, what, adding }: { held: number; quota: number; what: string; adding: number }) =>
    `This key holds ${held} of its ${quota} ${what} (the sandbox's quota per key)${adding > 1 ? ` and this call adds ${adding}` : ''}; POST /__sandbox/reset/ frees them.`,
  stated: false,
  cause:
    'A key reached what it may keep in a shared sandbox (records, roadmaps or SMS outbox entries): 409 from the control API, 400 from an SMS send.',
  where: 'the sandbox',
} as const;

export const SANDBOX_REFUSALS = {
  smsThrottled: refusal<{ sent: number; wait: number }>({
    status: 400,
    code: 'sms_throttled',
    text: ({ sent, wait }) =>
      `This mobile number was sent ${sent} codes in the last ${SMS_THROTTLE.windowSeconds} s (at most ${SMS_THROTTLE.codes}); retry after ${wait} s.`,
    stated: false,
    cause:
      'Too many SMS codes to one mobile number in a short time (the sandbox sends at most 5 a minute to a number).',
    where: 'the sandbox',
  }),
  badTarget: refusal({
    status: 400,
    code: 'bad_request',
    text: () => 'The request target is not a URL path.',
    stated: false,
  }),
  root: refusal<{ text: string }>({ status: 404, code: 'not_found', text: ({ text }) => text, stated: false }),
  hostKeyNoOrganizer: refusal({
    status: 401,
    code: 'invalid_api_key',
    text: () => 'The host key names no organizer; call this with a partner key.',
    stated: false,
  }),
  hostKeyRequired: refusal({
    status: 403,
    code: 'host_key_required',
    text: () => "Only the sandbox's host key manages partner keys.",
    stated: false,
    cause: "A partner key called what only the sandbox's host key may: issuing, listing or revoking partner keys.",
    where: 'the sandbox control API',
  }),
  keyNotFound: refusal({ status: 404, code: 'not_found', text: () => 'No partner key with this id.', stated: false }),
  keysFull: refusal<{ held: number }>({
    status: 409,
    code: 'quota_exceeded',
    text: ({ held }) => `The sandbox holds ${held} partner keys, the most it may; revoke one first.`,
    stated: false,
  }),
  quotaExceeded: refusal({ status: 409, ...QUOTA }),
  // An SMS send is a call of /api/v2, whose sends the description refuses with 400.
  outboxFull: refusal({ status: 400, ...QUOTA }),
  tooBusy: refusal<{ units: number; waiting: number }>({
    status: 429,
    code: 'too_busy',
    text: ({ units, waiting }) =>
      `This key has ${units} units of work in flight and ${waiting} calls waiting, the most it may; retry after 1 second.`,
    stated: false,
    cause:
      "This key's calls already wait their turn in numbers past the sandbox's bound (a shared sandbox keeps keys apart by cost).",
    where: 'the sandbox',
  }),
  unknownTest: refusal<{ id: string }>({
    status: 400,
    code: 'invalid_body',
    text: ({ id }) => `No test ${id} in the sandbox.`,
    stated: false,
  }),
  roleTwice: refusal<{ role: number }>({
    status: 400,
    code: 'invalid_body',
    text: ({ role }) => `Role ${role} is given twice.`,
    stated: false,
  }),
  notVipWait: refusal({
    status: 409,
    code: 'not_vip_wait',
    text: () => 'The record is not in VIP wait.',
    stated: false,
    cause: '`complete-vip` on a record that is not in VIP wait.',
    where: 'the sandbox control API',
  }),
  ageOutOfBounds: refusal<{ seconds: number; oldest: string; age: number; max: number }>({
    status: 409,
    code: 'age_out_of_bounds',
    text: ({ seconds, oldest, age, max }) =>
      `Moving the clock ${seconds} s would make the profile born ${oldest} aged ${age}; a profile's age is at most ${max} years. Move it less, or reset.`,
    stated: false,
    cause: "A clock move that would make a profile older than a profile's age may be.",
    where: 'the sandbox control API',
  }),
  // The HTML questionnaire's own post (/forms/{token}/), answered as pages with data-code.
  formMethod: refusal<{ method: string }>({
    status: 405,
    code: 'method_not_allowed',
    text: ({ method }) => `${method} is not allowed here: the form posts.`,
    stated: false,
  }),
  formNotFound: refusal({
    status: 404,
    code: 'not_found',
    text: () => 'No test record with this token.',
    stated: false,
  }),
  formTooLarge: refusal({
    status: 413,
    code: 'body_too_large',
    text: () => `The answers are larger than ${KEYLESS.formBytes / 1024} KiB.`,
    stated: false,
  }),
  formType: refusal({
    status: 400,
    code: 'invalid_body',
    text: () => 'The form posts application/x-www-form-urlencoded.',
    stated: false,
  }),
  formNotIssued: refusal({
    status: 403,
    code: 'form_not_issued',
    text: () =>
      'This form was not issued for this record by this sandbox, or it expired; fetch the questionnaire again.',
    stated: false,
    cause:
      "A post of an HTML questionnaire without the secret it was issued with (its hidden `tas_form_secret` field), with another record's, or after 24 hours; the same answer whether the record exists or not.",
    where: 'the sandbox',
  }),
  notAnHtmlForm: refusal({
    status: 409,
    code: 'not_an_html_form',
    text: () => 'This record is answered through the API, not a form.',
    stated: false,
    cause: 'A form post for a record whose questionnaire is JSON.',
    where: 'the sandbox',
  }),
  formAnswerMissing: refusal<{ item: number }>({
    status: 400,
    code: 'invalid_answers',
    text: ({ item }) => `پرسش ${item} پاسخ ندارد (question ${item} has no answer).`,
    stated: false,
  }),
};
