import { EXPLORE_FAULTS, type ExploreFault } from './explore.js';
import type { Fault, ProxyRequest, ProxyResponse } from './proxy.js';

export const MAIN_KEY = 'sandbox-key-sms';
export const OTHER_KEY = 'sandbox-key-instant';

const route = (method: string, pattern: RegExp) => (req: ProxyRequest) =>
  req.method === method && pattern.test(req.path.split('?')[0] ?? '');
const RECORD = /^\/api\/v2\/record\/[^/]+\/$/;
const QUESTIONS = /^\/api\/v2\/record\/[^/]+\/questions\/$/;
const RECORD_AUTH = /^\/api\/v2\/record\/[^/]+\/auth\/$/;
const ROADMAP_AUTH = /^\/api\/v2\/roadmap\/[^/]+\/auth\/$/;
const LIST = /^\/api\/v2\/record\/$/;
const ROADMAP_VERIFY = /^\/api\/v2\/roadmap\/[^/]+\/auth\/verify\/$/;
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
 * The bespoke faults: what no mutation family of the generated breaches (test/claims/breach.ts) can
 * express, each saying why. [name, fault, the rule (check or response rule id) the suite must name,
 * how it must fail, the checks its run selects, why it is bespoke]: `strict`, a departure found with
 * --strict (a wrong 4xx, a response detail); `stated`, a breach of the interface's own statement,
 * which fails a run without --strict.
 */
export type Variant = [
  name: string,
  fault: Fault,
  rule: string,
  verdict: 'strict' | 'stated',
  only: string[],
  why: string,
];

export const FAULTS: Variant[] = [
  [
    'a roadmap shows the organizer policy its records do not (found by exploring)',
    (EXPLORE_FAULTS[0] as ExploreFault)[1],
    'explore',
    'stated',
    ['explore'],
    'two answers held against each other: families change one answer; test/explore.test.ts has the rest of its kind',
  ],
  [
    'the listing sent as text/plain',
    { response: (req, res) => (route('GET', LIST)(req) ? { ...res, headers: { 'content-type': 'text/plain' } } : res) },
    'response.content-type',
    'strict',
    ['listing-rule-1'],
    'a response header, not a body field: no family changes headers',
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
    ['listing-rule-1'],
    'a status and a header no answer to the request had: no family makes a 429',
  ],
  [
    'a wrong-length submission answers 409, not 400',
    swapStatus(route('POST', RECORD), 400, 409),
    'submit-wrong-length',
    'strict',
    ['submit-wrong-length'],
    "another 4xx where the code is the description's (assumed): recode proves the codes the interface states; this, that an assumed one only warns",
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
    ['listing-rule-1'],
    'an item left out of a list: no family removes an array item',
  ],
  [
    'an invalid mobile answers 404, not 400',
    {
      response: (req, res) =>
        route('POST', ROADMAP_AUTH)(req) && req.body.includes('"mobile":"!!"') ? { ...res, status: 404 } : res,
    },
    'constraints.authenticateRoadmap',
    'strict',
    ['constraints.authenticateRoadmap'],
    "another 4xx for one request's value, the code assumed: recode changes a refusal by its error code, not by what was sent",
  ],
  [
    'the listing filter ignored',
    {
      request: (req) =>
        route('GET', LIST)(req) ? { ...req, path: req.path.replace(/(status|auth_required)=[^&]*&?/g, '') } : req,
    },
    'listing-rule-1',
    'stated',
    ['listing-rule-1'],
    'the request rewritten (a parameter ignored): families change answers',
  ],
  [
    'an unsupported method answers 500',
    replaceError(ANY, 'method_not_allowed', SERVER_ERROR),
    'unsupported-method',
    'stated',
    ['unsupported-method'],
    'an error answer of a request no operation describes: families change the answers of operations',
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
    ['unsupported-method'],
    'a header and status of a request no operation describes',
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
    ['questionnaire-test-id'],
    'a body that is not JSON: families change JSON answers',
  ],
  [
    'a 10-digit mobile accepted',
    editRequest(AUTH, (b) => {
      if (typeof b.mobile === 'string' && /^09\d{8}$/.test(b.mobile)) b.mobile = `${b.mobile}0`;
    }),
    'constraints.authenticateRoadmap',
    'stated',
    ['constraints.authenticateRoadmap'],
    'one exact value let through: accept lets every refusal at a field through, which does not prove this value is sent',
  ],
  [
    'a 12-digit mobile that keeps the 09 prefix accepted',
    editRequest(AUTH, (b) => {
      if (typeof b.mobile === 'string' && /^09\d{10}$/.test(b.mobile)) b.mobile = b.mobile.slice(0, 11);
    }),
    'constraints.authenticateRoadmap',
    'stated',
    ['constraints.authenticateRoadmap'],
    'one exact value let through (see the 10-digit mobile)',
  ],
  [
    'an 11-digit mobile without the 09 prefix accepted',
    editRequest(AUTH, (b) => {
      if (typeof b.mobile === 'string' && /^[1-8]9\d{9}$/.test(b.mobile)) b.mobile = `0${b.mobile.slice(1)}`;
    }),
    'constraints.authenticateRoadmap',
    'stated',
    ['constraints.authenticateRoadmap'],
    'one exact value let through (see the 10-digit mobile)',
  ],
  [
    "a profile's age as the plain difference of years",
    editBody(route('GET', RECORD), (b) => {
      const p = b.data?.profile as { birth?: string; age?: number } | null | undefined;
      if (p?.birth) p.age = new Date().getUTCFullYear() - Number(p.birth.slice(0, 4));
    }),
    'profile-fields',
    'stated',
    ['profile-fields'],
    'a value computed from another field (birth): revalue sets a fixed change',
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
    ['external-id-per-organizer'],
    'state across two organizers: families change one answer',
  ],
  [
    'a Latin name accepted',
    editRequest(AUTH, (b) => {
      for (const p of profilesOf(b))
        if (typeof p.name === 'string' && /^[A-Za-z ]+$/.test(p.name)) p.name = 'علی رضایی';
    }),
    'constraints.authenticateRoadmap',
    'stated',
    ['constraints.authenticateRoadmap'],
    'one exact value let through (see the 10-digit mobile)',
  ],
  [
    'a 51-letter name accepted',
    editRequest(AUTH, (b) => {
      for (const p of profilesOf(b))
        if (typeof p.name === 'string' && [...p.name].length > 50) p.name = [...p.name].slice(0, 50).join('');
    }),
    'constraints.authenticateRoadmap',
    'stated',
    ['constraints.authenticateRoadmap'],
    'one exact value let through (see the 10-digit mobile)',
  ],
  [
    'malformed JSON answered with 500',
    {
      response: (req, res) =>
        (req.method === 'POST' || req.method === 'PUT') && req.body !== '' && !isJson(req.body) ? SERVER_ERROR : res,
    },
    'constraints.authenticateRoadmap',
    'stated',
    ['constraints.authenticateRoadmap'],
    'a request body that is not JSON: families change JSON answers',
  ],
  [
    'a draft_token never issued, replaced or of another roadmap accepted',
    acceptWhere((req, res) => route('PUT', ROADMAP_VERIFY)(req) && /unknown or was replaced/.test(errorText(res))),
    'roadmap-verify-draft-token',
    'stated',
    ['roadmap-verify-draft-token'],
    'only the refusals of a draft_token the server never issued let through (told by the message): accept lets every refusal of a code through',
  ],
  [
    'an answer the question does not offer accepted',
    acceptWhere(
      (req, res) =>
        route('POST', RECORD)(req) && errorCode(res) === 'invalid_answers' && /option ids/.test(errorText(res)),
    ),
    'submit-invalid-values',
    'stated',
    ['submit-invalid-values'],
    'only the refusals of an option id let through (told by the message): accept lets every invalid_answers through, the wrong lengths too',
  ],
  [
    'validation off: any malformed body or parameter accepted',
    {
      response(_req, res) {
        if (
          res.status < 400 ||
          !['invalid_body', 'invalid_parameter', 'invalid_profile'].includes(errorCode(res) ?? '')
        )
          return res;
        return { ...res, status: 200, body: JSON.stringify({ data: {}, successful: true, messages: [] }) };
      },
    },
    'malformed-token',
    'stated',
    ['malformed-token', 'constraints', 'negative'],
    "every operation's refusal of malformed input accepted at once: the families of refusals (constraints.*, negative.*) fail on it, each operation's; accept changes one operation",
  ],
  [
    'every answer without messages',
    {
      response(req, res) {
        if (req.path.startsWith('/__sandbox/') || !res.headers['content-type']?.includes('json')) return res;
        const body = JSON.parse(res.body);
        delete body.messages;
        return { ...res, body: JSON.stringify(body) };
      },
    },
    'response.envelope',
    'stated',
    ['example'],
    "every operation's answers at once, for the checks that reach each operation with the description's examples (example.*); drop changes one operation",
  ],
];

/** Accepts every API request and never answers: the run must stop after 5 time-outs in a row, exit 2. */
export const HANG: Fault = { hang: (req) => !req.path.startsWith('/__sandbox/') };
