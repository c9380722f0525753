import { listOperations, type OpenApiDocument } from '@tas/openapi';
import { LOCAL, type Servers } from './addresses.js';
import { code, esc, inline, table } from './html.js';
import { page } from './layout.js';

/** One error code: its statuses, where it is answered, what causes it. */
export interface ErrorCode {
  code: string;
  statuses: number[];
  /** `GET /record/{token}/`, or a server's name for the codes no operation documents. */
  where: string[];
  cause: string;
}

/**
 * The codes the servers answer that no example of the description shows: what node's parser or the
 * servers refuse before any operation, the mock's own, the sandbox control API's. The description
 * gives the rest (every error example of every operation). test/errors-page.test.ts reads the
 * servers' sources and fails when a code of theirs is on neither list.
 */
export const SERVER_CODES: ErrorCode[] = [
  {
    code: 'bad_request',
    statuses: [400],
    where: ['every server'],
    cause:
      'The request is not valid HTTP/1.1: a bad request line or header, a missing Host, a target that is not a path.',
  },
  {
    code: 'headers_too_large',
    statuses: [431],
    where: ['every server'],
    cause: 'The request line and headers pass 16 kB.',
  },
  {
    code: 'too_large',
    statuses: [413],
    where: ['every server'],
    cause: "A chunked body's chunk extensions are too large.",
  },
  {
    code: 'request_timeout',
    statuses: [408],
    where: ['every server'],
    cause: 'The whole request did not arrive within 60 s (the headers within 20 s).',
  },
  {
    code: 'expectation_failed',
    statuses: [417],
    where: ['every server'],
    cause: 'An `Expect` header other than `100-continue`.',
  },
  {
    code: 'method_not_allowed',
    statuses: [405],
    where: ['every server'],
    cause: 'A method the path does not take (`Allow` names those it does), or `CONNECT`.',
  },
  {
    code: 'internal_error',
    statuses: [500],
    where: ['every server'],
    cause: "A fault of the server's own; it is logged.",
  },
  {
    code: 'incomplete_body',
    statuses: [400],
    where: ['the mock'],
    cause: 'The request body ended before its `Content-Length`.',
  },
  {
    code: 'invalid_prefer',
    statuses: [400],
    where: ['the mock'],
    cause:
      'A `Prefer` the operation cannot honour: a status or example it does not have, or a preference the mock does not read.',
  },
  {
    code: 'mock_error',
    statuses: [500],
    where: ['the mock'],
    cause: 'The mock could not make an answer from the description; the text says why.',
  },
  {
    code: 'not_vip_wait',
    statuses: [409],
    where: ['the sandbox control API'],
    cause: '`complete-vip` on a record that is not in VIP wait.',
  },
  {
    code: 'age_out_of_bounds',
    statuses: [409],
    where: ['the sandbox control API'],
    cause: "A clock move that would make a profile older than a profile's age may be.",
  },
  {
    code: 'quota_exceeded',
    statuses: [409, 400],
    where: ['the sandbox'],
    cause:
      'A key reached what it may keep in a shared sandbox (records, roadmaps or SMS outbox entries): 409 from the control API, 400 from an SMS send.',
  },
  {
    code: 'sms_throttled',
    statuses: [400],
    where: ['the sandbox'],
    cause:
      'Too many SMS codes to one mobile number in a short time (the sandbox sends at most 5 a minute to a number).',
  },
  {
    code: 'too_busy',
    statuses: [429],
    where: ['the sandbox'],
    cause:
      "This key's calls already wait their turn in numbers past the sandbox's bound (a shared sandbox keeps keys apart by cost).",
  },
];

/** What a partner does about each code. */
export const FIXES: Record<string, string> = {
  bad_request: 'Send a well-formed HTTP/1.1 request: a request line, a `Host` header, a path.',
  headers_too_large: 'Send shorter headers and URLs.',
  too_large: 'Send the body without chunk extensions (or with `Content-Length`).',
  request_timeout: 'Send the whole request at once; do not hold a connection open mid-request.',
  expectation_failed: 'Leave out `Expect`, or send `Expect: 100-continue`.',
  method_not_allowed: 'Use a method the path takes: the `Allow` header lists them.',
  internal_error: 'Try again later; if it stays, report it with the time and the request.',
  incomplete_body: 'Send the whole body, as long as its `Content-Length` says.',
  invalid_prefer:
    'Use `Prefer: code=STATUS, example=NAME` with a status and an example of that operation: the message lists them.',
  mock_error: 'Ask for another example, or report the description: the mock answers only what it describes.',
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
  duplicate_external_id: 'Use an `external_id` this organizer has not used yet, or leave it out.',
  mobile_limit: 'Use another mobile number: this one reached its limit of authentications.',
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
};

/** Where one example's text tells only one of a code's causes: the whole of it. */
export const CAUSES: Record<string, string> = {
  invalid_body:
    "The body is not valid JSON, or is valid JSON that breaks the operation's request schema (a required field missing, a field it does not take, a wrong type, a value outside its pattern or bounds). One message per field at fault, `field` pointing at it.",
};

/** Every code of the description's error examples, with the operations and statuses that answer it. */
export function documentedCodes(doc: OpenApiDocument): ErrorCode[] {
  const codes = new Map<string, ErrorCode>();
  for (const op of listOperations(doc))
    for (const [status, response] of Object.entries(op.responses)) {
      if (Number(status) < 400) continue;
      for (const example of Object.values(response.examples) as { messages?: { code?: string }[] }[])
        for (const message of example?.messages ?? []) {
          if (!message.code) continue;
          const entry = codes.get(message.code) ?? { code: message.code, statuses: [], where: [], cause: '' };
          if (!entry.statuses.includes(Number(status))) entry.statuses.push(Number(status));
          const where = `${op.method.toUpperCase()} ${op.path}`;
          if (!entry.where.includes(where)) entry.where.push(where);
          entry.cause ||= CAUSES[message.code] ?? (message as { text?: string }).text ?? '';
          codes.set(message.code, entry);
        }
    }
  return [...codes.values()].sort((a, b) => a.code.localeCompare(b.code));
}

/** errors.html: every error code a partner meets, its status, cause and fix; and how to ask the mock for one. */
export function errorsPage({
  doc,
  control,
  addresses = LOCAL,
}: {
  doc: OpenApiDocument;
  control: boolean;
  addresses?: Servers;
}): string {
  const { title, version } = doc.info;
  const rows = (list: ErrorCode[]) =>
    list.map((e) => [
      `<code id="${esc(e.code)}">${esc(e.code)}</code>`,
      e.statuses.sort().join(', '),
      inline(e.cause),
      inline(FIXES[e.code] ?? ''),
      e.where.map((w) => `<code>${esc(w)}</code>`).join('<br>'),
    ]);
  const body = `<h1>Error codes</h1>
<p>Every answer that refuses a request is the envelope with <code>successful: false</code> and, in <code>messages</code>, one or more
<code>{code, text, field?}</code>: <code>code</code> is for programs, <code>text</code> for people, <code>field</code> a JSON pointer to the part of
the request at fault. The interface shows the statuses of some of them (the <a href="assumptions.html">assumptions</a> say which are ours).</p>
<h2 id="api">Codes of the API's operations</h2>
${table(['Code', 'Status', 'Cause', 'Fix', 'Answered by'], rows(documentedCodes(doc)), 'errors')}
<h2 id="servers">Codes before any operation, and the servers' own</h2>
${table(['Code', 'Status', 'Cause', 'Fix', 'Answered by'], rows(SERVER_CODES), 'errors')}
<h2 id="mock-prefer">Asking the mock for an error</h2>
<p>The mock answers a valid request with its first success example; a <code>Prefer</code> header asks for another answer of
the operation by its status and example name (the reference lists both under each response):</p>
${code(
  [
    "curl -H 'API-KEY: any' -H 'Prefer: code=409, example=ErrorRoadmapRecord' \\",
    '  -H "Content-Type: application/json" -d \'{"mobile":"09121234567","profile":{"name":"علی رضایی","birth":"1990-04-21","is_male":true}}\' \\',
    `  ${addresses.mock}/api/v2/record/3f1c2a9e-8b7d-4e61-9a0c-5d2e7f4b1a63/auth/`,
  ].join('\n'),
  'sh',
)}
<p><code>Prefer: code=404</code> alone answers that status's first example; <code>Prefer: example=RecordDetailFinished</code> a success
example by name; <code>Prefer: dynamic=true</code> an answer generated from the schema. A <code>Prefer</code> the operation cannot
honour is answered 400 <a href="#invalid_prefer"><code>invalid_prefer</code></a>, listing what it has.</p>`;
  return page({ title: 'Error codes', siteTitle: title, version, body, control });
}
