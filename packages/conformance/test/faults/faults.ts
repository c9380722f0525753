import { loadDescription } from '@tas/openapi';
import { faultOf } from '../claims/breach.js';
import type { Fault, ProxyRequest, ProxyResponse } from './proxy.js';

export const MAIN_KEY = 'sandbox-key-sms';
export const OTHER_KEY = 'sandbox-key-instant';

const route = (method: string, pattern: RegExp) => (req: ProxyRequest) =>
  req.method === method && pattern.test(req.path.split('?')[0] ?? '');
const RECORD = /^\/api\/v2\/record\/[^/]+\/$/;
const QUESTIONS = /^\/api\/v2\/record\/[^/]+\/questions\/$/;
const RECORD_AUTH = /^\/api\/v2\/record\/[^/]+\/auth\/$/;
const ROADMAP = /^\/api\/v2\/roadmap\/[^/]+\/$/;
const ROADMAP_AUTH = /^\/api\/v2\/roadmap\/[^/]+\/auth\/$/;
const LIST = /^\/api\/v2\/record\/$/;
const RECORD_VERIFY = /^\/api\/v2\/record\/[^/]+\/auth\/verify\/$/;
const ROADMAP_VERIFY = /^\/api\/v2\/roadmap\/[^/]+\/auth\/verify\/$/;
const RESULT = /^\/api\/v2\/record\/[^/]+\/result\/$/;
const ANY = (_req: ProxyRequest) => true;

/** Rewrites the JSON body of matching responses. */
function editBody(
  match: (req: ProxyRequest) => boolean,
  edit: (body: { data: Record<string, unknown>; [k: string]: unknown }, res: ProxyResponse) => void,
): Fault {
  return {
    response(req, res) {
      if (!match(req) || !res.headers['content-type']?.includes('json')) return res;
      const body = JSON.parse(res.body);
      edit(body, res);
      return { ...res, body: JSON.stringify(body) };
    },
  };
}

/** Answers `to` where the server rightly answered `from` (keeping the error envelope). */
function swapStatus(match: (req: ProxyRequest) => boolean, from: number, to: number): Fault {
  return { response: (req, res) => (match(req) && res.status === from ? { ...res, status: to } : res) };
}

/** The code of an error answer (`messages[0].code`), or undefined. */
function errorCode(res: ProxyResponse): string | undefined {
  try {
    return (JSON.parse(res.body) as { messages?: { code?: string }[] }).messages?.[0]?.code;
  } catch {
    return undefined;
  }
}

/** A server that lets through what the interface refuses: where the right server refused with one of `codes`, 200. */
function accept(match: (req: ProxyRequest) => boolean, ...codes: string[]): Fault {
  return {
    response(req, res) {
      if (!match(req) || res.status < 400 || !codes.includes(errorCode(res) ?? '')) return res;
      return { ...res, status: 200, body: JSON.stringify({ data: {}, successful: true, messages: [] }) };
    },
  };
}

/** Answers `to` (a body of its own when given) where the right server answered with error `code`. */
function replaceError(match: (req: ProxyRequest) => boolean, code: string, to: ProxyResponse): Fault {
  return { response: (req, res) => (match(req) && errorCode(res) === code ? to : res) };
}

const HTML_502 =
  '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n';
const SERVER_ERROR = {
  status: 500,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ data: {}, successful: false, messages: [{ code: 'server_error', text: 'Internal error.' }] }),
};

/** Replaces one API key by another on the way in. */
function swapKey(from: string | undefined, to: string, match: (req: ProxyRequest) => boolean = () => true): Fault {
  return {
    request(req) {
      const key = req.headers['api-key'];
      if (
        !match(req) ||
        key === MAIN_KEY ||
        (from !== undefined && key !== from) ||
        (from === undefined && key !== undefined)
      )
        return req;
      return { ...req, headers: { ...req.headers, 'api-key': to } };
    },
  };
}

/** Rewrites the JSON body of matching requests before the server sees it (a server that lets a value through). */
function editRequest(match: (req: ProxyRequest) => boolean, edit: (body: Record<string, unknown>) => void): Fault {
  return {
    request(req) {
      if (!match(req)) return req;
      try {
        const body = JSON.parse(req.body);
        edit(body);
        return { ...req, body: JSON.stringify(body) };
      } catch {
        return req;
      }
    },
  };
}

/** The profiles of an authentication body (record or roadmap). */
const profilesOf = (body: Record<string, unknown>) =>
  [
    body.profile,
    ...((Array.isArray(body.roles) ? body.roles : []) as { profile?: unknown }[]).map((r) => r?.profile),
  ].filter((p): p is Record<string, unknown> => Boolean(p) && typeof p === 'object');

const AUTH = (req: ProxyRequest) => route('POST', ROADMAP_AUTH)(req) || route('POST', RECORD_AUTH)(req);
const isJson = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

/** A server that accepts what the right server refused, where `refused` says so. */
function acceptWhere(refused: (req: ProxyRequest, res: ProxyResponse) => boolean): Fault {
  const ok = JSON.stringify({ data: {}, successful: true, messages: [] });
  return { response: (req, res) => (res.status >= 400 && refused(req, res) ? { ...res, status: 200, body: ok } : res) };
}

/** The text of an error answer (`messages[0].text`), or ''. */
function errorText(res: ProxyResponse): string {
  try {
    return (JSON.parse(res.body) as { messages?: { text?: string }[] }).messages?.[0]?.text ?? '';
  } catch {
    return '';
  }
}

/**
 * [name, fault, the rule (check or response rule id) the suite must name, how it must fail]:
 * `strict`, a departure found with --strict (a wrong 4xx, a response detail); `stated`, a breach of
 * the interface's own statement, which fails a run without --strict.
 */
export type Variant = [name: string, fault: Fault, rule: string, verdict: 'strict' | 'stated'];

export const FAULTS: Variant[] = [
  [
    'record status sent as a string',
    editBody(route('GET', RECORD), (b, res) => {
      if (res.status === 200) b.data.status = String(b.data.status);
    }),
    'response.schema',
    'strict',
  ],
  ['a 500 for an unknown record', swapStatus(route('GET', QUESTIONS), 404, 500), 'response.no-5xx', 'strict'],
  [
    'the listing sent as text/plain',
    { response: (req, res) => (route('GET', LIST)(req) ? { ...res, headers: { 'content-type': 'text/plain' } } : res) },
    'response.content-type',
    'strict',
  ],
  [
    'roadmap envelope without messages',
    editBody(route('GET', ROADMAP), (b) => delete b.messages),
    'response.envelope',
    'strict',
  ],
  [
    'a 429 without Retry-After',
    {
      // Once per proxy, on a filtered listing (the run's key check is an unfiltered one).
      response: (req, res, state) => {
        if (state.rateLimited || !route('GET', LIST)(req) || !req.path.includes('status=')) return res;
        state.rateLimited = true;
        const body = { data: {}, successful: false, messages: [{ code: 'rate_limited', text: 'Too many requests.' }] };
        return { status: 429, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
      },
    },
    'response.retry-after',
    'strict',
  ],
  // Where the interface states the code itself (rule 3's "rejected with 409", the Errors tables' 409 and
  // 403), another code breaks the statement: these fail a run without --strict.
  [
    'rule 3: record auth of a roadmap record not refused with 409',
    swapStatus(route('POST', RECORD_AUTH), 409, 400),
    'roadmap-record-auth',
    'stated',
  ],
  [
    'a second roadmap authentication not refused with 409',
    swapStatus(route('POST', ROADMAP_AUTH), 409, 400),
    'roadmap-auth-twice',
    'stated',
  ],
  [
    'questions before authentication answer 404, not 403',
    swapStatus(route('GET', QUESTIONS), 403, 404),
    'questions-before-auth',
    'stated',
  ],
  [
    'questions of a finished record answer 403, not 409',
    swapStatus(route('GET', QUESTIONS), 409, 403),
    'after-finish',
    'stated',
  ],
  [
    'a wrong-length submission answers 409, not 400',
    swapStatus(route('POST', RECORD), 400, 409),
    'submit-wrong-length',
    'strict',
  ],
  [
    'the questionnaire names another test_id',
    editBody(route('GET', QUESTIONS), (b, res) => {
      if (res.status === 200 && b.data.test_id) b.data.test_id = `${b.data.test_id}-x`;
    }),
    'questionnaire-test-id',
    'stated',
  ],
  [
    "another organizer reads this organizer's records",
    swapKey(OTHER_KEY, MAIN_KEY, route('GET', RECORD)),
    'tenant-isolation',
    'stated',
  ],
  [
    "another organizer reads this organizer's results",
    swapKey(OTHER_KEY, MAIN_KEY, route('GET', RESULT)),
    'result-tenancy',
    'stated',
  ],
  ['an unknown key is accepted', swapKey('tas-conformance-not-a-key', MAIN_KEY), 'wrong-api-key', 'stated'],
  ['a request without a key is accepted', swapKey(undefined, MAIN_KEY), 'missing-api-key', 'stated'],
  [
    'rule 2: auth_required stays true after authentication',
    editBody(route('GET', RECORD), (b) => {
      if (b.data.profile) b.data.auth_required = true;
    }),
    'record-auth',
    'stated',
  ],
  [
    'a finished record has no submit_on',
    editBody(route('GET', RECORD), (b) => {
      if (b.data.status === 1) b.data.submit_on = null;
    }),
    'submit-finishes',
    'stated',
  ],
  [
    'rule 1: the filtered listing shows a finished record',
    editBody(route('GET', LIST), (b) => {
      const first = (b.data.results as { status: number }[] | undefined)?.[0];
      if (first) first.status = 1;
    }),
    'listing-rule-1',
    'stated',
  ],
  [
    'rule 1: the filtered listing leaves out the newest ready record',
    // The sandbox lists newest first: the first record of the first page is the fresh one.
    editBody(route('GET', LIST), (b) => {
      const page = Number(b.data.page ?? 1);
      if (page === 1 && Array.isArray(b.data.results) && b.data.results.length) {
        b.data.results.shift();
        if (typeof b.data.count === 'number') b.data.count -= 1;
      }
    }),
    'listing-rule-1',
    'stated',
  ],
  [
    'an invalid mobile answers 404, not 400',
    {
      response: (req, res) =>
        route('POST', ROADMAP_AUTH)(req) && req.body.includes('"mobile":"!!"') ? { ...res, status: 404 } : res,
    },
    'constraints.authenticateRoadmap',
    'strict',
  ],
  // What the interface refuses, accepted: each fails a run without --strict.
  [
    "another organizer authenticates this organizer's record",
    swapKey(OTHER_KEY, MAIN_KEY, route('POST', RECORD_AUTH)),
    'tenant-isolation',
    'stated',
  ],
  [
    'a submission one answer short accepted',
    accept(route('POST', RECORD), 'invalid_answers'),
    'submit-wrong-length',
    'stated',
  ],
  [
    'the listing filter ignored',
    {
      request: (req) =>
        route('GET', LIST)(req) ? { ...req, path: req.path.replace(/(status|auth_required)=[^&]*&?/g, '') } : req,
    },
    'listing-rule-1',
    'stated',
  ],
  [
    'an age outside the limits accepted',
    accept(route('POST', ROADMAP_AUTH), 'age_gender_mismatch'),
    'age-gender-mismatch',
    'stated',
  ],
  [
    'a duplicate external_id accepted',
    accept((req) => route('POST', ROADMAP_AUTH)(req) || route('PUT', ROADMAP_VERIFY)(req), 'duplicate_external_id'),
    'duplicate-external-id',
    'stated',
  ],
  [
    'a second verify accepted',
    accept(route('PUT', RECORD_VERIFY), 'already_authenticated'),
    'verify-after-auth',
    'stated',
  ],
  [
    "a roadmap's draft_token and code accepted twice",
    accept(route('PUT', ROADMAP_VERIFY), 'already_authenticated'),
    'roadmap-verify-twice',
    'stated',
  ],
  [
    'an old draft_token accepted',
    accept(route('PUT', ROADMAP_VERIFY), 'draft_expired'),
    'draft-token-expiry',
    'stated',
  ],
  [
    'the mobile duplicate limit not kept',
    accept(route('POST', ROADMAP_AUTH), 'mobile_limit'),
    'mobile-limit',
    'strict',
  ],
  [
    'a finished roadmap authenticated again',
    accept(route('POST', ROADMAP_AUTH), 'not_found'),
    'roadmap-finished',
    'stated',
  ],
  [
    'an unsupported method answers 500',
    replaceError(ANY, 'method_not_allowed', SERVER_ERROR),
    'unsupported-method',
    'stated',
  ],
  [
    'an unsupported method answers 404 without Allow',
    {
      response: (_req, res) =>
        errorCode(res) === 'method_not_allowed'
          ? { ...res, status: 404, headers: { 'content-type': 'application/json' } }
          : res,
    },
    'unsupported-method',
    'strict',
  ],
  [
    'an unknown path answers 200',
    accept((req) => !req.path.startsWith('/__sandbox/'), 'not_found'),
    'unknown-path',
    'stated',
  ],
  [
    'the profile without case_number',
    editBody(route('GET', RECORD), (b) => {
      if (b.data.profile) delete (b.data.profile as Record<string, unknown>).case_number;
    }),
    'profile-fields',
    'stated',
  ],
  [
    'questions wrapped in sections',
    editBody(route('GET', QUESTIONS), (b) => {
      if (Array.isArray(b.data.questions)) b.data.questions = [{ title: 'part 1', questions: b.data.questions }];
    }),
    'questions-flat',
    'stated',
  ],
  [
    'a second record authentication accepted',
    accept(route('POST', RECORD_AUTH), 'already_authenticated'),
    'record-auth-twice',
    'stated',
  ],
  ['a wrong SMS code accepted', accept(route('PUT', RECORD_VERIFY), 'wrong_code'), 'sms-wrong-code', 'stated'],
  ['a result before finishing', accept(route('GET', RESULT), 'not_finished'), 'result-before-finish', 'stated'],
  [
    "the result names another test's id",
    editBody(route('GET', RESULT), (b, res) => {
      if (res.status === 200 && b.data.test_id) b.data.test_id = `${b.data.test_id}-x`;
    }),
    // Result endpoints' paths and payloads are "not shown": the whole check rests on assumptions.
    'results-after-finish',
    'strict',
  ],
  ['questions served in VIP wait', accept(route('GET', QUESTIONS), 'vip_wait'), 'vip-wait', 'stated'],
  ['questions of an unknown record served', accept(route('GET', QUESTIONS), 'not_found'), 'unknown-record', 'stated'],
  [
    'a roadmap record without its role',
    editBody(route('GET', RECORD), (b) => {
      if (typeof b.data.role === 'number' && b.data.profile) b.data.role = (b.data.role as number) + 10;
    }),
    'roadmap-auth',
    'stated',
  ],
  [
    'validation off: any malformed body or parameter accepted',
    accept(ANY, 'invalid_body', 'invalid_parameter', 'invalid_profile'),
    'malformed-token',
    'stated',
  ],
  [
    'every answer without messages',
    editBody(
      (req) => !req.path.startsWith('/__sandbox/'),
      (b) => delete b.messages,
    ),
    'response.envelope',
    'stated',
  ],
  [
    'questions answered by an HTML 502 page',
    {
      response: (req, res) =>
        route('GET', QUESTIONS)(req) && res.status === 200
          ? { status: 502, headers: { 'content-type': 'text/html' }, body: HTML_502 }
          : res,
    },
    'response.no-5xx',
    'stated',
  ],
  // Refusals the suite used to send only to an unknown token (issue 17): each must be caught on a real resource.
  [
    'a 10-digit mobile accepted',
    editRequest(AUTH, (b) => {
      if (typeof b.mobile === 'string' && /^09\d{8}$/.test(b.mobile)) b.mobile = `${b.mobile}0`;
    }),
    'constraints.authenticateRoadmap',
    'stated',
  ],
  [
    'a 12-digit mobile that keeps the 09 prefix accepted',
    editRequest(AUTH, (b) => {
      if (typeof b.mobile === 'string' && /^09\d{10}$/.test(b.mobile)) b.mobile = b.mobile.slice(0, 11);
    }),
    'constraints.authenticateRoadmap',
    'stated',
  ],
  [
    'an 11-digit mobile without the 09 prefix accepted',
    editRequest(AUTH, (b) => {
      if (typeof b.mobile === 'string' && /^[1-8]9\d{9}$/.test(b.mobile)) b.mobile = `0${b.mobile.slice(1)}`;
    }),
    'constraints.authenticateRoadmap',
    'stated',
  ],
  [
    "a profile's age as the plain difference of years",
    editBody(route('GET', RECORD), (b) => {
      const p = b.data?.profile as { birth?: string; age?: number } | null | undefined;
      if (p?.birth) p.age = new Date().getUTCFullYear() - Number(p.birth.slice(0, 4));
    }),
    'profile-fields',
    'stated',
  ],
  [
    "a profile's age one year too many",
    editBody(route('GET', RECORD), (b) => {
      const p = b.data?.profile as { age?: number } | null | undefined;
      if (typeof p?.age === 'number') p.age += 1;
    }),
    'profile-fields',
    'stated',
  ],
  [
    'an HTML questionnaire with a field besides html',
    editBody(route('GET', QUESTIONS), (b) => {
      if (typeof b.data?.html === 'string') b.data.test_id = 'raven-html';
    }),
    'questionnaire-html',
    'stated',
  ],
  [
    'an external_id refused because another organizer used it',
    // A server that keeps external_ids unique across organizers: the other key's use of one is refused.
    {
      response: (req, res, state) => {
        if (!state.used) state.used = new Map<string, string>();
        const used = state.used as Map<string, string>;
        const id = /"external_id":(\d+)/.exec(req.body)?.[1];
        const key = req.headers['api-key'] ?? '';
        if (!id || !route('POST', RECORD_AUTH)(req) || res.status >= 300) return res;
        const owner = used.get(id);
        if (owner === undefined) used.set(id, key);
        if (owner === undefined || owner === key) return res;
        return {
          status: 409,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            data: {},
            successful: false,
            messages: [{ code: 'duplicate_external_id', text: 'Used.' }],
          }),
        };
      },
    },
    'external-id-per-organizer',
    'stated',
  ],
  [
    'a Latin name accepted',
    editRequest(AUTH, (b) => {
      for (const p of profilesOf(b))
        if (typeof p.name === 'string' && /^[A-Za-z ]+$/.test(p.name)) p.name = 'علی رضایی';
    }),
    'constraints.authenticateRoadmap',
    'stated',
  ],
  [
    'a 51-letter name accepted',
    editRequest(AUTH, (b) => {
      for (const p of profilesOf(b))
        if (typeof p.name === 'string' && [...p.name].length > 50) p.name = [...p.name].slice(0, 50).join('');
    }),
    'constraints.authenticateRoadmap',
    'stated',
  ],
  [
    'an empty roles array accepted',
    acceptWhere((req) => route('POST', ROADMAP_AUTH)(req) && /"roles":\[\]/.test(req.body)),
    'constraints.authenticateRoadmap',
    'stated',
  ],
  [
    'malformed JSON answered with 500',
    {
      response: (req, res) =>
        (req.method === 'POST' || req.method === 'PUT') && req.body !== '' && !isJson(req.body) ? SERVER_ERROR : res,
    },
    'constraints.authenticateRoadmap',
    'stated',
  ],
  [
    'a draft_token never issued, replaced or of another roadmap accepted',
    acceptWhere((req, res) => route('PUT', ROADMAP_VERIFY)(req) && /unknown or was replaced/.test(errorText(res))),
    'roadmap-verify-draft-token',
    'stated',
  ],
  [
    'an answer the question does not offer accepted',
    acceptWhere(
      (req, res) =>
        route('POST', RECORD)(req) && errorCode(res) === 'invalid_answers' && /option ids/.test(errorText(res)),
    ),
    'submit-invalid-values',
    'stated',
  ],
];

/** A generated breach (test/claims/breach.ts) as a variant of its own: the claims' families, applied once here. */
const generated = (breach: Parameters<typeof faultOf>[1]) =>
  faultOf(loadDescription(), breach, { main: MAIN_KEY, other: OTHER_KEY, sms: true }).fault;

FAULTS.push(
  [
    "another organizer's records in this organizer's listing",
    generated({ family: 'leak', op: 'listRecords' }),
    'listing-tenancy',
    'stated',
  ],
  [
    'the listing names a record its detail does not know',
    generated({
      family: 'revalue',
      op: 'listRecords',
      path: '/data/results/0/token',
      value: '00000000-0000-4000-8000-000000000001',
    }),
    'listing-detail',
    'stated',
  ],
);

/** Accepts every API request and never answers: the run must stop after 5 time-outs in a row, exit 2. */
export const HANG: Fault = { hang: (req) => !req.path.startsWith('/__sandbox/') };
