import type { Fault, ProxyRequest, ProxyResponse } from '../faults/proxy.js';
import { int, json, listing } from './listings.js';
import { FLAT_RECORD_AUTH, refusal } from './request-shapes.js';

// The fourth deployment of issue 37, as translating layers over the sandbox: every open choice the
// issue lists made otherwise than the description, each sentence the interface states kept. Its own
// published description is `fourth.openapi.yaml` beside this file; `profile --from-openapi` reads it.

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const pathOf = (req: ProxyRequest) => req.path.split('?')[0] ?? '';
const API = (req: ProxyRequest) => req.path.startsWith('/api/v2/');
const VERIFY = /^\/api\/v2\/(record|roadmap)\/[^/]+\/auth\/verify\/$/;
const AUTH = /^\/api\/v2\/(record|roadmap)\/[^/]+\/auth\/$/;

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Both verifies take the code as `otp`: a body with `code` and no `otp` is refused; `otp` is `code` to the sandbox. */
export const OTP_CODE: Fault = {
  answer(req) {
    if (req.method !== 'PUT' || !VERIFY.test(pathOf(req))) return undefined;
    const body = parse(req.body);
    if (isObject(body) && 'code' in body && !('otp' in body)) return refusal('otp', 'otp is required');
    return undefined;
  },
  request(req) {
    if (req.method !== 'PUT' || !VERIFY.test(pathOf(req))) return req;
    const body = parse(req.body);
    if (!isObject(body) || !('otp' in body)) return req;
    const { otp, ...rest } = body;
    return { ...req, body: JSON.stringify({ ...rest, code: otp }) };
  },
};

const GENDERS: Record<string, number> = { all: 0, male: 1, female: 2 };
/** The nested test's `gender_permission` an integer: 0 all, 1 men, 2 women. */
export const INTEGER_GENDER: Fault = {
  response(req, res) {
    if (!API(req) || !res.body.includes('gender_permission')) return res;
    const walk = (node: unknown): unknown => {
      if (Array.isArray(node)) return node.map(walk);
      if (!isObject(node)) return node;
      const out: Json = {};
      for (const [k, v] of Object.entries(node))
        out[k] = k === 'gender_permission' && typeof v === 'string' && v in GENDERS ? GENDERS[v] : walk(v);
      return out;
    };
    return { ...res, body: JSON.stringify(walk(parse(res.body))) };
  },
};

/** Authentications answer 201, verifies 202 (the interface states no success status). */
export const CREATED_ACCEPTED: Fault = {
  response(req, res) {
    if (!API(req) || res.status !== 200) return res;
    if (req.method === 'POST' && AUTH.test(pathOf(req))) return { ...res, status: 201 };
    if (req.method === 'PUT' && VERIFY.test(pathOf(req))) return { ...res, status: 202 };
    return res;
  },
};

/** The request's `Content-Type` is not checked: a JSON body is read whatever it is sent as. */
export const LENIENT_CONTENT_TYPE: Fault = {
  request(req) {
    if (!API(req) || !req.body || /json/.test(req.headers['content-type'] ?? '') || parse(req.body) === undefined)
      return req;
    return { ...req, headers: { ...req.headers, 'content-type': 'application/json' } };
  },
};

/** Errors carry `data: null` and messages `{field, code, detail}`. */
export const NULL_DATA_ERRORS: Fault = {
  response(req, res) {
    if (!API(req) || res.status < 400) return res;
    const body = parse(res.body);
    if (!isObject(body) || !Array.isArray(body.messages)) return res;
    const messages = body.messages.map((m) =>
      isObject(m) ? { field: m.field ?? null, code: m.code ?? 'error', detail: m.message ?? m.detail ?? '' } : m,
    );
    return { ...res, body: JSON.stringify({ data: null, successful: false, messages }) };
  },
};

const LIST = '/api/v2/record/';
const MOVED = '/api/v2/records/';
/** The listing at `/records/`, a bare array paged by a `Link` header (`/record/` is no listing there). */
export const RECORDS_LISTING: Fault = {
  answer(req) {
    if (req.method === 'GET' && pathOf(req) === LIST)
      return {
        status: 404,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          data: null,
          successful: false,
          messages: [{ field: null, code: 'not_found', detail: 'Not found.' }],
        }),
      } satisfies ProxyResponse;
    return undefined;
  },
  request(req) {
    return pathOf(req) === MOVED ? { ...req, path: LIST + req.path.slice(MOVED.length) } : req;
  },
};

/** A bare array as `data`, `per_page` a page (up to 100), the next page in a `Link` header's rel="next". */
const LINK_LISTING: Fault = {
  answer: listing((all, asked, filters) => {
    const page = int(asked.get('page'), 1, 10_000);
    const perPage = int(asked.get('per_page'), 20, 100);
    const last = Math.max(1, Math.ceil(all.length / perPage));
    const q = new URLSearchParams(filters);
    q.set('per_page', String(perPage));
    q.set('page', String(page + 1));
    const next: Record<string, string> = page < last ? { link: `<${MOVED}?${q}>; rel="next"` } : {};
    return json(200, { data: all.slice((page - 1) * perPage, page * perPage), successful: true, messages: [] }, next);
  }),
};

/** The layers, the first next to the sandbox: the fourth deployment whole. */
export const FOURTH = (): Fault[] => [
  LINK_LISTING,
  RECORDS_LISTING,
  FLAT_RECORD_AUTH,
  OTP_CODE,
  INTEGER_GENDER,
  CREATED_ACCEPTED,
  LENIENT_CONTENT_TYPE,
  NULL_DATA_ERRORS,
];
