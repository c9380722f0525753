import type { Fault, ProxyRequest, ProxyResponse } from './proxy.js';

// Breaches no single answer shows: each is seen only by holding one answer against another, or
// against what a call sent or must have left alone. The proxy keeps what it saw in `state`.

const RECORD = /^\/api\/v2\/record\/([^/]+)\/$/;
const RECORD_AUTH = /^\/api\/v2\/record\/([^/]+)\/auth\/(verify\/)?$/;
const ROADMAP = /^\/api\/v2\/roadmap\/([^/]+)\/$/;
const ROADMAP_AUTH = /^\/api\/v2\/roadmap\/([^/]+)\/auth\/$/;
const QUESTIONS = /^\/api\/v2\/record\/([^/]+)\/questions\/$/;
const RESULT = /^\/api\/v2\/record\/([^/]+)\/result\/$/;
const VERIFY = /^\/api\/v2\/record\/([^/]+)\/auth\/verify\/$/;

const tokenAt = (re: RegExp, req: ProxyRequest, method: string) =>
  req.method === method ? re.exec(req.path.split('?')[0] ?? '')?.[1] : undefined;
type Body = { data?: Record<string, unknown> & { test_records?: unknown[]; roles?: unknown[] } };
const parse = (res: ProxyResponse): Body | undefined => {
  try {
    return JSON.parse(res.body) as Body;
  } catch {
    return undefined;
  }
};
const withData = (res: ProxyResponse, edit: (data: Record<string, unknown>) => void): ProxyResponse => {
  const body = parse(res);
  if (!body?.data) return res;
  edit(body.data);
  return { ...res, body: JSON.stringify(body) };
};
/** What the proxy keeps under `key`, made on first use. */
function kept<T>(state: Record<string, unknown>, key: string, make: () => T): T {
  if (!(key in state)) state[key] = make();
  return state[key] as T;
}
/** The record tokens of every roadmap the proxy has passed, by roadmap; and the roadmap of each record. */
function rememberRoadmap(state: Record<string, unknown>, token: string, res: ProxyResponse) {
  const of = kept(state, 'roadmapOf', () => new Map<string, string>());
  const records = kept(state, 'records', () => new Map<string, string[]>());
  const entries = parse(res)?.data?.test_records ?? [];
  const tokens = entries.map((e) => (typeof e === 'string' ? e : ((e as { token?: string }).token ?? '')));
  records.set(token, tokens);
  for (const t of tokens) of.set(t, token);
}
const siblingsOf = (state: Record<string, unknown>, token: string) => {
  const map = (state.roadmapOf as Map<string, string> | undefined)?.get(token);
  return map ? ((state.records as Map<string, string[]>).get(map) ?? []).filter((t) => t !== token) : [];
};
const marked = (state: Record<string, unknown>, key: string) => kept(state, key, () => new Set<string>());
/** A refusal in the envelope, as a deployment would answer bad input. */
const refusal = (status: number, text: string): ProxyResponse => ({
  status,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ data: {}, successful: false, messages: [{ code: 'invalid', text }] }),
});
const sentBody = (req: ProxyRequest) => {
  try {
    return JSON.parse(req.body) as Record<string, unknown>;
  } catch {
    return undefined;
  }
};

/** Records marked by `mark` as calls pass (roadmaps remembered) show `edit` in each detail read after. */
function showOnMarked(
  mark: (req: ProxyRequest, res: ProxyResponse, state: Record<string, unknown>) => string[],
  edit: (data: Record<string, unknown>) => void,
): Fault {
  return {
    response(req, res, state) {
      const set = marked(state, 'marked');
      const roadmap = tokenAt(ROADMAP, req, 'GET');
      if (roadmap && res.status === 200) rememberRoadmap(state, roadmap, res);
      for (const t of mark(req, res, state)) set.add(t);
      const read = tokenAt(RECORD, req, 'GET');
      return read && set.has(read) && res.status === 200 ? withData(res, edit) : res;
    },
  };
}

/** [name, fault, the organizer's mode it is run in, what it breaks, what its stated finding says] */
export type ExploreFault = [name: string, fault: Fault, mode: 'sms' | 'instant', breaks: string, says: RegExp];

export const EXPLORE_FAULTS: ExploreFault[] = [
  [
    'two answers that disagree: a roadmap shows the organizer policy its records do not',
    {
      response: (req, res) =>
        tokenAt(ROADMAP, req, 'GET') && res.status === 200
          ? withData(res, (d) => {
              d.tests_auth_required = !d.tests_auth_required;
            })
          : res,
    },
    'sms',
    '`tests_auth_required` is "Echoed in record and roadmap payloads": one organizer, one value',
    /tests_auth_required changed between two reads/,
  ],
  [
    'an operation that changes what it must leave alone: submitting one roadmap record finishes its siblings',
    showOnMarked(
      (req, res, state) => {
        const submitted = tokenAt(RECORD, req, 'POST');
        return submitted && res.status < 300 ? siblingsOf(state, submitted) : [];
      },
      (d) => {
        d.status = 1;
        d.is_finished = true;
      },
    ),
    'instant',
    'finishing changes its own record only ("Success moves the record to Finished")',
    /shows status 1|status changed between two reads/,
  ],
  [
    'a refused call that changes state: a refused record authentication shows the record authenticated',
    showOnMarked(
      (req, res) => {
        const tried = tokenAt(RECORD_AUTH, req, req.method);
        return tried && res.status >= 400 && res.status < 500 ? [tried] : [];
      },
      (d) => {
        d.auth_required = false;
      },
    ),
    'sms',
    'a refused call changes nothing; `auth_required` is `true` while no profile is linked',
    /was refused, and a refused call changes nothing/,
  ],
  [
    'a rule applied in the wrong mode: an instant roadmap authentication leaves its records waiting for a code',
    showOnMarked(
      (req, res, state) => {
        const authed = tokenAt(ROADMAP_AUTH, req, 'POST');
        return authed && res.status < 300
          ? ((state.records as Map<string, string[]> | undefined)?.get(authed) ?? [])
          : [];
      },
      (d) => {
        d.auth_required = true;
        d.profile = null;
      },
    ),
    'instant',
    '"`tests_auth_required` false: the first call authenticates instantly"; the code is SMS mode\'s only',
    /after roadmap\.instant succeeded, the record must be authenticated/,
  ],
  [
    "a limit applied to the wrong record: once one roadmap record is finished, its siblings' questionnaires answer 409",
    {
      response(req, res, state) {
        const roadmap = tokenAt(ROADMAP, req, 'GET');
        if (roadmap && res.status === 200) rememberRoadmap(state, roadmap, res);
        const done = marked(state, 'done');
        const submitted = tokenAt(RECORD, req, 'POST');
        if (submitted && res.status < 300) for (const t of siblingsOf(state, submitted)) done.add(t);
        const asked = tokenAt(QUESTIONS, req, 'GET');
        if (!asked || !done.has(asked) || res.status !== 200) return res;
        return refusal(409, 'Record already completed.');
      },
    },
    'instant',
    '"409 Record already completed" is of the record asked for, not of its roadmap',
    /authenticated and not finished in this sequence, was refused with 409/,
  ],
  [
    'valid input at an edge not returned as sent: a name over 45 characters is cut in the profile',
    {
      response: (req, res) =>
        tokenAt(RECORD, req, 'GET') && res.status === 200
          ? withData(res, (d) => {
              const p = d.profile as { name?: string } | null;
              if (p?.name && [...p.name].length > 45) p.name = [...p.name].slice(0, 45).join('');
            })
          : res,
    },
    'instant',
    'a name of up to 50 Persian letters is valid, and the profile linked is the one sent',
    /shows profile\.name .* sent /,
  ],
  [
    "a rule kept for one kind of record and broken for another: a roadmap record shows another role's profile",
    {
      response(req, res, state) {
        const roadmap = tokenAt(ROADMAP, req, 'GET');
        if (roadmap && res.status === 200) rememberRoadmap(state, roadmap, res);
        const read = tokenAt(RECORD, req, 'GET');
        const profiles = kept(state, 'profiles', () => new Map<string, unknown>());
        if (!read || res.status !== 200) return res;
        const own = parse(res)?.data?.profile;
        if (own) profiles.set(read, own);
        // Standalone records keep their own; a roadmap record shows a sibling's, once one was read.
        const other = siblingsOf(state, read)
          .map((t) => profiles.get(t))
          .find((p) => p && JSON.stringify(p) !== JSON.stringify(own));
        return own && other
          ? withData(res, (d) => {
              d.profile = other;
            })
          : res;
      },
    },
    'instant',
    "each role profile is linked to its own role's records; standalone and roadmap records alike show the profile sent",
    /profile\.\w+ changed between two reads|shows profile\.\w+/,
  ],
  [
    'two answers that disagree: a record not finished has a result',
    {
      response(req, res) {
        const token = tokenAt(RESULT, req, 'GET');
        if (!token || res.status !== 409) return res;
        const data = {
          token,
          test_id: 'career-interest',
          test_title: 'x',
          submit_on: new Date().toISOString(),
          scores: [],
        };
        return { ...res, status: 200, body: JSON.stringify({ data, successful: true, messages: [] }) };
      },
    },
    'instant',
    '"Result endpoints: Exist; serve results of finished records": a result says its record is finished',
    /status changed between two reads \((2 -> 1|1 -> 2)\)/,
  ],
  [
    "two answers that disagree: a record's SMS verification answers with another record",
    {
      response(req, res, state) {
        const read = tokenAt(RECORD, req, 'GET');
        if (read && res.status === 200) state.last = read;
        const verified = tokenAt(VERIFY, req, 'PUT');
        const other = state.last as string | undefined;
        return verified && other && other !== verified && res.status < 300
          ? withData(res, (d) => {
              d.token = other;
            })
          : res;
      },
    },
    'sms',
    'the verification completes the authentication of the record of its path ("Completes standalone authentication")',
    /token changed between two reads .* the authentication's answer PUT/,
  ],
  ((firsts: Map<string, unknown[]>): ExploreFault => [
    'valid input refused: answers that choose any option but the first are refused',
    {
      // Sent on with no answers, for the deployment to refuse (and so to change nothing).
      request(req) {
        const submitted = tokenAt(RECORD, req, 'POST');
        const sent = sentBody(req)?.record;
        const first = submitted ? firsts.get(submitted) : undefined;
        const other = Array.isArray(sent) && first?.some((id, n) => id !== undefined && sent[n] !== id);
        return other ? { ...req, body: JSON.stringify({ record: [] }) } : req;
      },
      response(req, res) {
        const asked = tokenAt(QUESTIONS, req, 'GET');
        const questions = (parse(res)?.data?.questions ?? []) as { answer?: { options?: { id?: unknown }[] } }[];
        if (asked && res.status === 200)
          firsts.set(
            asked,
            questions.map((q) => q.answer?.options?.[0]?.id),
          );
        return res;
      },
    },
    'instant',
    'an option\'s `id` is the "Value to submit for this question when selected", whichever option it is',
    /own questionnaire, one per question in order, each an option's id or a text, were refused with 400/,
  ])(new Map()),
  [
    "valid input refused for one kind of record: a standalone record's authentication refuses a name over 40 letters",
    {
      // Sent on with a Latin name, for the deployment to refuse.
      request(req) {
        const body = tokenAt(RECORD_AUTH, req, 'POST') ? sentBody(req) : undefined;
        const profile = body?.profile as { name?: unknown } | undefined;
        return typeof profile?.name === 'string' && [...profile.name].length > 40
          ? { ...req, body: JSON.stringify({ ...body, profile: { ...profile, name: 'Ali Rezaei' } }) }
          : req;
      },
    },
    'instant',
    'a name of up to 50 Persian letters is valid, for a standalone record as for a roadmap',
    /a record authentication inside the stated domain .* was refused with 400/,
  ],
  [
    'a rule kept for one kind of record and broken for another: the filtered listing leaves out roadmap records',
    {
      response: (req, res) =>
        req.method === 'GET' && /^\/api\/v2\/record\/\?(.*&)?status=2/.test(req.path) && res.status === 200
          ? withData(res, (d) => {
              d.results = (d.results as { role?: unknown }[]).filter((r) => r.role === null);
            })
          : res,
    },
    'instant',
    'rule 1 finds every ready record by the filter, a roadmap\'s as a standalone one ("returns records that can be filtered")',
    /is not in the listing filtered by status 2 and auth_required true: every page read/,
  ],
];
