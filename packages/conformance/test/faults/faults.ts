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

// Once, on a filtered listing (the run's key check is an unfiltered one).
let rateLimitedOnce = false;

/** [name, fault, the rule (check or response rule id) the suite must name]. */
export const FAULTS: [string, Fault, string][] = [
  [
    'record status sent as a string',
    editBody(route('GET', RECORD), (b, res) => {
      if (res.status === 200) b.data.status = String(b.data.status);
    }),
    'response.schema',
  ],
  ['a 500 for an unknown record', swapStatus(route('GET', QUESTIONS), 404, 500), 'response.no-5xx'],
  [
    'the listing sent as text/plain',
    { response: (req, res) => (route('GET', LIST)(req) ? { ...res, headers: { 'content-type': 'text/plain' } } : res) },
    'response.content-type',
  ],
  ['roadmap envelope without messages', editBody(route('GET', ROADMAP), (b) => delete b.messages), 'response.envelope'],
  [
    'a 429 without Retry-After',
    {
      response: (req, res) => {
        if (rateLimitedOnce || !route('GET', LIST)(req) || !req.path.includes('status=')) return res;
        rateLimitedOnce = true;
        const body = { data: {}, successful: false, messages: [{ code: 'rate_limited', text: 'Too many requests.' }] };
        return { status: 429, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
      },
    },
    'response.retry-after',
  ],
  [
    'rule 3: record auth of a roadmap record not refused with 409',
    swapStatus(route('POST', RECORD_AUTH), 409, 400),
    'roadmap-record-auth',
  ],
  [
    'a second roadmap authentication not refused with 409',
    swapStatus(route('POST', ROADMAP_AUTH), 409, 400),
    'roadmap-auth-twice',
  ],
  [
    'questions before authentication answer 404, not 403',
    swapStatus(route('GET', QUESTIONS), 403, 404),
    'questions-before-auth',
  ],
  ['questions of a finished record answer 403, not 409', swapStatus(route('GET', QUESTIONS), 409, 403), 'after-finish'],
  [
    'a wrong-length submission answers 409, not 400',
    swapStatus(route('POST', RECORD), 400, 409),
    'submit-wrong-length',
  ],
  [
    'the questionnaire names another test_id',
    editBody(route('GET', QUESTIONS), (b, res) => {
      if (res.status === 200 && b.data.test_id) b.data.test_id = `${b.data.test_id}-x`;
    }),
    'questionnaire-test-id',
  ],
  [
    "another organizer reads this organizer's records",
    swapKey(OTHER_KEY, MAIN_KEY, route('GET', RECORD)),
    'tenant-isolation',
  ],
  ['an unknown key is accepted', swapKey('tas-conformance-not-a-key', MAIN_KEY), 'wrong-api-key'],
  ['a request without a key is accepted', swapKey(undefined, MAIN_KEY), 'missing-api-key'],
  [
    'rule 2: auth_required stays true after authentication',
    editBody(route('GET', RECORD), (b) => {
      if (b.data.profile) b.data.auth_required = true;
    }),
    'record-auth',
  ],
  [
    'a finished record has no submit_on',
    editBody(route('GET', RECORD), (b) => {
      if (b.data.status === 1) b.data.submit_on = null;
    }),
    'submit-finishes',
  ],
  [
    'rule 1: the filtered listing shows a finished record',
    editBody(route('GET', LIST), (b) => {
      const first = (b.data.results as { status: number }[] | undefined)?.[0];
      if (first) first.status = 1;
    }),
    'listing-rule-1',
  ],
  [
    'an invalid mobile answers 404, not 400',
    {
      response: (req, res) =>
        route('POST', ROADMAP_AUTH)(req) && req.body.includes('"mobile":"!!"') ? { ...res, status: 404 } : res,
    },
    'constraints.authenticateRoadmap',
  ],
];
