import type { Fault, ProxyRequest, ProxyResponse } from '../faults/proxy.js';
import type { Allowed } from './allowed.js';
import { LISTINGS } from './listings.js';
import { SHAPES } from './shapes.js';
import { ageInZone } from './zones.js';

// Deployments that choose, where the interface leaves the choice open, otherwise than our sandbox.
// Each is a proxy over the sandbox; each must conform with both keys (test/conformant-variants.test.ts).

type Json = Record<string, unknown>;
const API = (req: ProxyRequest) => req.path.startsWith('/api/v2/');
const pathOf = (req: ProxyRequest) => req.path.split('?')[0] ?? '';
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const AUTH = /\/auth\/(verify\/)?$/;
const envelope = (status: number, code: string, text: string): ProxyResponse => ({
  status,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ data: {}, successful: false, messages: [{ code, text }] }),
});

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Rewrites the JSON answers of the API (and, with `control`, of the sandbox's control API). */
export function answers(
  edit: (body: Json, req: ProxyRequest, res: ProxyResponse) => void,
  control = false,
): Fault['response'] {
  return (req, res) => {
    if (
      !(API(req) || (control && req.path.startsWith('/__sandbox/'))) ||
      !res.headers['content-type']?.includes('json')
    )
      return res;
    const body = parse(res.body);
    if (!isObject(body)) return res;
    edit(body, req, res);
    return { ...res, body: JSON.stringify(body) };
  };
}

/** Rewrites the JSON bodies of API requests. */
function requests(edit: (body: Json, req: ProxyRequest) => void): Fault['request'] {
  return (req) => {
    const body = API(req) ? parse(req.body) : undefined;
    if (!isObject(body)) return req;
    edit(body, req);
    return { ...req, body: JSON.stringify(body) };
  };
}

/** Every value under `node` whose key is `key`, rewritten. */
function mapKey(node: unknown, key: string, map: (value: unknown) => unknown): void {
  if (Array.isArray(node)) for (const item of node) mapKey(item, key, map);
  else if (isObject(node))
    for (const [k, v] of Object.entries(node)) {
      if (k === key) node[k] = map(v);
      mapKey(v, key, map);
    }
}

/** The fields the interface names in request bodies; any other is dropped, as a lenient server ignores it. */
const KNOWN = new Set([
  'mobile',
  'roles',
  'id',
  'profile',
  'name',
  'birth',
  'is_male',
  'external_id',
  'code',
  'draft_token',
  'record',
]);
function dropUnknown(node: unknown): void {
  if (Array.isArray(node)) for (const item of node) dropUnknown(item);
  else if (isObject(node))
    for (const k of Object.keys(node)) {
      if (!KNOWN.has(k)) delete node[k];
      else dropUnknown(node[k]);
    }
}

/** A date-time in Tehran's standard offset, the same instant. */
function tehran(value: unknown): unknown {
  if (typeof value !== 'string' || !/^\d{4}-\d\d-\d\dT[\d:.]+Z$/.test(value)) return value;
  const local = new Date(Date.parse(value) + 3.5 * 3600_000).toISOString().replace(/\.\d{3}Z$/, '');
  return `${local}+03:30`;
}

/** The listing read whole from the sandbox, then served oldest first, 5 a page, with `next` links. */
async function pagedListing(req: ProxyRequest, upstream: string): Promise<ProxyResponse | undefined> {
  if (req.method !== 'GET' || pathOf(req) !== '/api/v2/record/') return undefined;
  const asked = new URL(req.path, 'http://x');
  const filters = new URLSearchParams();
  for (const name of ['status', 'auth_required']) {
    const value = asked.searchParams.get(name);
    if (value !== null) filters.set(name, value);
  }
  const all: unknown[] = [];
  for (let page = 1; page < 100; page++) {
    const res = await fetch(`${upstream}/api/v2/record/?${filters}&page_size=100&page=${page}`, {
      headers: req.headers,
    });
    if (res.status !== 200)
      return { status: res.status, headers: { 'content-type': 'application/json' }, body: await res.text() };
    const data = ((await res.json()) as { data: { results: unknown[]; next_page: number | null } }).data;
    all.push(...data.results);
    if (data.next_page === null) break;
  }
  all.reverse();
  const page = Math.max(1, Number(asked.searchParams.get('page') ?? '1') || 1);
  // 5 a page unless per_page asks for more (up to 20).
  const per = Math.min(20, Math.max(1, Number(asked.searchParams.get('per_page')) || 5));
  const items = all.slice((page - 1) * per, page * per);
  filters.set('page', String(page + 1));
  if (asked.searchParams.has('per_page')) filters.set('per_page', String(per));
  const next = page * per < all.length ? `/api/v2/record/?${filters}` : null;
  return {
    status: 200,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ data: { items, total: all.length, next }, successful: true, messages: [] }),
  };
}

const ROLE_SHIFT = 100;

/** Option ids from 0: each questionnaire's ids moved down to start at 0, moved back in its answers. */
function optionsFromZero(): Fault {
  const shifts = new Map<string, number>();
  const tokenOf = (req: ProxyRequest) => /^\/api\/v2\/record\/([^/]+)\//.exec(pathOf(req))?.[1] ?? '';
  return {
    response: answers((body, req) => {
      if (!/\/questions\/$/.test(pathOf(req)) || !isObject(body.data) || !Array.isArray(body.data.questions)) return;
      const ids: number[] = [];
      mapKey(body.data.questions, 'options', (options) => {
        if (Array.isArray(options))
          for (const o of options) if (isObject(o) && typeof o.id === 'number') ids.push(o.id);
        return options;
      });
      const shift = ids.length ? Math.min(...ids) : 0;
      if (shift <= 0) return;
      shifts.set(tokenOf(req), shift);
      mapKey(body.data.questions, 'options', (options) =>
        Array.isArray(options)
          ? options.map((o) => (isObject(o) && typeof o.id === 'number' ? { ...o, id: o.id - shift } : o))
          : options,
      );
    }),
    request: (req) => {
      const shift = req.method === 'POST' ? shifts.get(tokenOf(req)) : undefined;
      if (!shift || !/^\/api\/v2\/record\/[^/]+\/$/.test(pathOf(req))) return req;
      const body = parse(req.body);
      if (!isObject(body) || !Array.isArray(body.record)) return req;
      body.record = body.record.map((v) => (typeof v === 'number' && Number.isInteger(v) ? v + shift : v));
      return { ...req, body: JSON.stringify(body) };
    },
  };
}

/**
 * A mobile duplicate limit of `limit` authentications a mobile was sent codes for (the sandbox's is 5
 * completed ones), in SMS mode only, as the interface says: past it, 400 to a roadmap
 * authentication (stated) and 422 to a record authentication (no status is stated for it there).
 */
export function mobileLimitOf(limit: number, smsKey: string): Fault {
  const completed = new Map<string, number>();
  const mobileOf = (req: ProxyRequest) => {
    const body = parse(req.body);
    if (req.headers['api-key'] !== smsKey || !isObject(body) || typeof body.mobile !== 'string') return undefined;
    return body.mobile;
  };
  return {
    answer: (req) => {
      const key = req.method === 'POST' && AUTH.test(pathOf(req)) ? mobileOf(req) : undefined;
      if (key && (completed.get(key) ?? 0) >= limit)
        return envelope(
          /\/roadmap\//.test(pathOf(req)) ? 400 : 422,
          'mobile_limit',
          'This mobile number has reached its limit of authentications.',
        );
      return undefined;
    },
    response: (req, res) => {
      const key = req.method === 'POST' && AUTH.test(pathOf(req)) ? mobileOf(req) : undefined;
      if (key && res.status < 300) completed.set(key, (completed.get(key) ?? 0) + 1);
      return res;
    },
  };
}

export const CHOICES: Allowed[] = [
  [
    '201 for an authentication that creates profiles',
    () => ({
      response: (req, res) =>
        API(req) && AUTH.test(pathOf(req)) && res.status === 200 ? { ...res, status: 201 } : res,
    }),
    'The interface states no success status ("Role profiles created immediately")',
  ],
  [
    '415 for a body that is not JSON',
    () => ({
      answer: (req) => {
        if (!API(req) || (req.method !== 'POST' && req.method !== 'PUT')) return undefined;
        const json =
          (req.headers['content-type'] ?? '').startsWith('application/json') && parse(req.body) !== undefined;
        return json ? undefined : envelope(415, 'unsupported_media_type', 'Send JSON.');
      },
    }),
    '"Bodies are JSON": the refusal is stated, its code is not',
  ],
  [
    'unknown body fields and query parameters ignored',
    () => ({
      request: (req) => {
        const out = requests((body) => dropUnknown(body))?.(req) ?? req;
        if (out.method !== 'GET' || !API(out) || !out.path.includes('?')) return out;
        const url = new URL(out.path, 'http://x');
        for (const name of [...url.searchParams.keys()])
          if (
            !['status', 'auth_required'].includes(name) ||
            !/^(0|1|2|true|false)$/.test(url.searchParams.get(name) ?? '')
          )
            url.searchParams.delete(name);
        return { ...out, path: `${url.pathname}${url.search}` };
      },
    }),
    'The request tables list the fields; the listing\'s parameters are "not shown"; neither says unknown ones are refused',
  ],
  [
    'a listing of 5 a page, oldest first, with next links',
    () => ({ answer: pagedListing }),
    '"Paths and parameters of record listing and of result endpoints: not shown."',
  ],
  ...LISTINGS,
  ...SHAPES,
  [
    'ages derived on the calendar day of Pacific/Kiritimati (UTC+14)',
    () => ageInZone('Pacific/Kiritimati'),
    '"`age` | integer | Age derived from the birth date": on which calendar day (in which time zone) is not shown',
  ],
  [
    'ages derived on the calendar day of Asia/Tehran (UTC+03:30)',
    () => ageInZone('Asia/Tehran'),
    '"`age` | integer | Age derived from the birth date": on which calendar day (in which time zone) is not shown',
  ],
  [
    'questionnaires without preface',
    () => ({
      response: answers(
        (body, req) => /\/questions\/$/.test(pathOf(req)) && isObject(body.data) && delete body.data.preface,
      ),
    }),
    '"`preface` (string or null, optional instruction text)"',
  ],
  [
    'a token that is no UUID answered 404',
    () => ({
      response: (req, res) => {
        const token = /^\/api\/v2\/(?:record|roadmap)\/([^/]+)\//.exec(pathOf(req))?.[1];
        return token !== undefined && !UUID.test(decodeURIComponent(token)) && res.status === 400
          ? { ...res, status: 404 }
          : res;
      },
    }),
    'A token is "string (UUID)": refusing another is stated, the code is not',
  ],
  [
    'timestamps at +03:30',
    () => ({
      response: answers((body) => {
        for (const key of ['create', 'submit_on']) mapKey(body.data, key, tehran);
      }),
    }),
    '"`create` | string (ISO 8601)": an offset is ISO 8601',
  ],
  [
    'SMS codes of another length and draft_tokens that are no UUID',
    () => {
      // The codes this deployment "sent" (two digits more), to the sandbox's own.
      const codes = new Map<string, string>();
      const drafts = new Map<string, string>();
      return {
        response: answers((body, req) => {
          if (req.path.startsWith('/__sandbox/sms/'))
            mapKey(body.data, 'code', (c) => {
              if (typeof c !== 'string') return c;
              codes.set(`42${c}`, c);
              return `42${c}`;
            });
          mapKey(body.data, 'draft_token', (t) => {
            if (typeof t !== 'string') return t;
            drafts.set(`draft.${drafts.size + 1}`, t);
            return `draft.${drafts.size}`;
          });
        }, true),
        request: requests((body) => {
          if (typeof body.code === 'string') body.code = codes.get(body.code) ?? `${body.code}x`;
          const draft = drafts.get(String(body.draft_token));
          if (draft) body.draft_token = draft;
        }),
      };
    },
    'The SMS code\'s length and the draft_token\'s format are not shown ("`draft_token` | string")',
  ],
  ['option ids from 0', optionsFromZero, '"`id` | integer | Value to submit": which integers is not shown'],
  [
    'role ids from 101',
    () => ({
      response: answers((body) => {
        const shift = (v: unknown) => (typeof v === 'number' ? v + ROLE_SHIFT : v);
        mapKey(body.data, 'role', shift);
        mapKey(body.data, 'role_id', shift);
        if (isObject(body.data) && Array.isArray(body.data.roles))
          for (const role of body.data.roles) if (isObject(role)) role.id = shift(role.id);
      }),
      request: requests((body) => {
        if (Array.isArray(body.roles))
          for (const role of body.roles)
            if (isObject(role) && typeof role.id === 'number' && role.id > ROLE_SHIFT) role.id -= ROLE_SHIFT;
      }),
    }),
    '"`roles` (each with an integer ID)": which integers is not shown',
  ],
];
