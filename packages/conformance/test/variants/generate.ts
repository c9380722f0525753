import { listOperations, loadDescription } from '@tas/openapi';
import type { ProfileInput } from '../../src/profile/types.js';
import { Q } from '../../src/quotes.js';
import { MAIN_KEY } from '../faults/faults.js';
import type { Fault, ProxyRequest, ProxyResponse } from '../faults/proxy.js';
import { CHOICES, mobileLimitOf } from './choices.js';
import { json, listing } from './listings.js';
import { LOOKUP_FIRST } from './lookup-first.js';
import { SHAPES } from './shapes.js';

// A generator of conformant variants of the sandbox: for each open choice (a "not shown" sentence of
// the interface, an `x-assumed` part of the description), alternatives made from a few parameter
// lists, each a translating layer over the sandbox and the profile that describes it. A variant
// lays one alternative of every axis together (test/generated-variants.test.ts).

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const API = (req: ProxyRequest) => req.path.startsWith('/api/v2/');
const pathOf = (req: ProxyRequest) => req.path.split('?')[0] ?? '';
const parse = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};
/** The organizer mode of a request, by its key: the sandbox's SMS key, else instant. */
const modeOf = (req: ProxyRequest) => (req.headers['api-key'] === MAIN_KEY ? 'sms' : 'instant');

/** One way a deployment may choose: the layer that makes the sandbox choose so, and the profile that says it. */
export interface Alternative {
  name: string;
  layer: () => Fault;
  profile?: ProfileInput;
}
/** An open choice: what it covers (the "not shown" sentences, the description's x-assumed pointers) and its alternatives. */
export interface Axis {
  id: string;
  /** Quotes, pointer prefixes, or patterns of pointers. */
  covers: (string | RegExp)[];
  alternatives: Alternative[];
}

/** The hand-written choices of test/variants/choices.ts whose names match, each an alternative without a profile: read as they are. */
const handWritten = (names: RegExp): Alternative[] =>
  CHOICES.filter(([name]) => names.test(name)).map(([name, layer]) => ({ name, layer }));

/** Every value of a product of parameter lists. */
function product<T extends Record<string, readonly unknown[]>>(lists: T): { [K in keyof T]: T[K][number] }[] {
  return Object.entries(lists).reduce<Json[]>(
    (out, [key, values]) => out.flatMap((o) => values.map((v) => ({ ...o, [key]: v }))),
    [{}],
  ) as { [K in keyof T]: T[K][number] }[];
}

/** Rewrites the JSON answers of the API. */
function answers(edit: (body: Json, req: ProxyRequest, res: ProxyResponse) => void): Fault['response'] {
  return (req, res) => {
    if (!API(req) || !res.headers['content-type']?.includes('json')) return res;
    const body = parse(res.body);
    if (!isObject(body)) return res;
    edit(body, req, res);
    return { ...res, body: JSON.stringify(body) };
  };
}

/** Each value under `node` whose key is `key`, rewritten. */
function mapKey(node: unknown, key: string, map: (value: unknown) => unknown): void {
  if (Array.isArray(node)) for (const item of node) mapKey(item, key, map);
  else if (isObject(node))
    for (const [k, v] of Object.entries(node)) {
      if (k === key) node[k] = map(v);
      mapKey(v, key, map);
    }
}

// --- The listing: its path, where its records sit, how it pages and from which page number.

type ListingChoice = {
  path: string;
  style: 'page' | 'offset' | 'cursor' | 'link';
  base: 0 | 1;
  key: string;
  size: string;
};

/**
 * The listing at `path`, `key` its records' field (`''`: `data` is the array, paging beside it), 20 a
 * page at most: paged in every run, yet within the 5 pages tenant-isolation reads of an organizer that
 * two runs with exploration have filled (8 a page left it unable to judge).
 */
function listingOf({ path, style, base, key, size }: ListingChoice): Fault {
  const api = `/api/v2${path}`;
  const serve = listing((all, asked, filters) => {
    const per = Math.min(20, Math.max(1, Number.parseInt(asked.get(size) ?? '', 10) || 20));
    const body = (items: unknown[], meta: Json) =>
      key
        ? { data: { [key]: items, ...meta }, successful: true, messages: [] }
        : { data: items, ...meta, successful: true, messages: [] };
    const q = (over: Record<string, string>) =>
      `${api}?${new URLSearchParams({ ...Object.fromEntries(filters), ...over })}`;
    if (style === 'offset') {
      const offset = Math.max(0, Number.parseInt(asked.get('offset') ?? '0', 10) || 0);
      return json(200, body(all.slice(offset, offset + per), { offset, limit: per, count: all.length }));
    }
    if (style === 'cursor') {
      const from = Number(Buffer.from(asked.get('cursor') ?? '', 'base64url').toString() || '0') || 0;
      const next = from + per < all.length ? Buffer.from(String(from + per)).toString('base64url') : null;
      return json(200, body(all.slice(from, from + per), { next_cursor: next, has_more: next !== null }));
    }
    const page = Math.max(base, Number.parseInt(asked.get('page') ?? '', 10) || base);
    const items = all.slice((page - base) * per, (page - base + 1) * per);
    const pages = Math.max(1, Math.ceil(all.length / per));
    if (style === 'page') return json(200, body(items, { page, pages, [size]: per }));
    const link: Record<string, string> =
      page - base + 1 < pages ? { link: `<${q({ page: String(page + 1), [size]: String(per) })}>; rel="next"` } : {};
    return json(200, body(items, {}), link);
  });
  return {
    // The description's path is no listing here, when the deployment serves it elsewhere.
    answer: (req, upstream) => {
      if (path !== '/record/' && req.method === 'GET' && pathOf(req) === '/api/v2/record/')
        return json(404, { data: null, successful: false, messages: ['Not found.'] });
      if (req.method !== 'GET' || pathOf(req) !== api) return undefined;
      return serve({ ...req, path: `/api/v2/record/${req.path.slice(api.length)}` }, upstream);
    },
  };
}

const LISTING_CHOICES = [
  ...product({
    style: ['page'] as const,
    base: [0, 1] as const,
    key: ['results', 'items'],
    size: ['per_page', 'page_size'],
  }),
  ...product({ style: ['offset', 'cursor'] as const, base: [1] as const, key: ['records', ''], size: ['limit'] }),
  ...product({ style: ['link'] as const, base: [0, 1] as const, key: [''], size: ['per_page'] }),
].map((c, i): ListingChoice => ({ ...c, path: ['/record/', '/records/', '/listing/'][i % 3] as string }));

const LISTING: Axis = {
  id: 'listing',
  covers: [Q.listingNotShown, '/paths/~1record~1/get', '/components/schemas/RecordPage', '/components/parameters/'],
  alternatives: [
    ...LISTING_CHOICES.map((c) => ({
      name: `a listing at ${c.path}, paged by ${c.style}${c.style === 'page' || c.style === 'link' ? ` from ${c.base}` : ''}, its records ${c.key ? `under ${c.key}` : 'as data'}`,
      layer: () => listingOf(c),
      profile: { listing: { path: c.path, paging: { style: c.style, size: c.size, base: c.base } } },
    })),
    // At the description's path, paging read by convention: the profile names only the size parameter, so
    // that pages of up to 20 hold an organizer two runs have filled (3 to 5 a page did not, for tenant-isolation).
    ...[
      ...handWritten(/^a listing (of 5|of \{total|paged by a Link)/).map((a) => [a, 'per_page'] as const),
      ...handWritten(/^a listing of (\{items|offset)/).map((a) => [a, 'limit'] as const),
    ].map(([a, size]) => ({ ...a, profile: { listing: { paging: { size } } } })),
  ],
};

// --- Statuses the interface does not state: of a success, by organizer mode; of a refusal the description assumed.

const AUTHS = {
  authenticateRecord: ['POST', /^\/api\/v2\/record\/[^/]+\/auth\/$/],
  verifyRecordAuth: ['PUT', /^\/api\/v2\/record\/[^/]+\/auth\/verify\/$/],
  authenticateRoadmap: ['POST', /^\/api\/v2\/roadmap\/[^/]+\/auth\/$/],
  verifyRoadmapAuth: ['PUT', /^\/api\/v2\/roadmap\/[^/]+\/auth\/verify\/$/],
  submitAnswers: ['POST', /^\/api\/v2\/record\/[^/]+\/$/],
} as const;
type Authing = keyof typeof AUTHS;
const opOf = (req: ProxyRequest) =>
  (Object.entries(AUTHS) as [Authing, (typeof AUTHS)[Authing]][]).find(
    ([, [method, path]]) => req.method === method && path.test(pathOf(req)),
  )?.[0];

type PerMode = Partial<Record<'sms' | 'instant', Partial<Record<Authing, number>>>>;
const SUCCESS_CHOICES: [string, PerMode][] = [
  [
    '201 to each authentication in both modes',
    {
      sms: { authenticateRecord: 201, authenticateRoadmap: 201 },
      instant: { authenticateRecord: 201, authenticateRoadmap: 201 },
    },
  ],
  [
    '201 to an instant authentication, 202 to an SMS one (a code sent)',
    {
      sms: { authenticateRecord: 202, authenticateRoadmap: 202 },
      instant: { authenticateRecord: 201, authenticateRoadmap: 201 },
    },
  ],
  [
    '202 to an SMS roadmap authentication and 201 to its verify, 200 to an instant one',
    { sms: { authenticateRoadmap: 202, verifyRoadmapAuth: 201 }, instant: {} },
  ],
  [
    '202 to a verify, 201 to a submission',
    { sms: { verifyRecordAuth: 202, verifyRoadmapAuth: 202, submitAnswers: 201 }, instant: { submitAnswers: 201 } },
  ],
];
const SUCCESS: Axis = {
  id: 'success',
  covers: [Q.statusesStated, /^\/paths\/.*\/responses\/200$/],
  alternatives: [
    ...handWritten(/^201 for an authentication/),
    ...SUCCESS_CHOICES.map(
      ([name, modes]): Alternative => ({
        name,
        layer: () => ({
          response: (req, res) => {
            const op = opOf(req);
            const status = op && res.status === 200 ? modes[modeOf(req)]?.[op] : undefined;
            return status ? { ...res, status } : res;
          },
        }),
        profile: {
          modes: { sms: { success: modes.sms ?? {} }, instant: { success: modes.instant ?? {} } },
        } as ProfileInput,
      }),
    ),
  ],
};

/** The description's assumed error statuses of each operation (its own route, by method and path). */
const ASSUMED_ERRORS = listOperations(loadDescription()).map((op) => ({
  id: op.operationId,
  method: op.method.toUpperCase(),
  path: new RegExp(`^/api/v2${op.path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
  statuses: Object.entries(op.responses)
    .filter(([status, spec]) => spec.assumed && Number(status) >= 400 && status !== '401')
    .map(([status]) => Number(status)),
}));
/** [name, per mode the status each assumed one becomes, the operations it is laid on (else all)]. */
const ERROR_CHOICES: [string, Record<'sms' | 'instant', Record<number, number>>, RegExp?][] = [
  ['422 for each assumed 400', { sms: { 400: 422 }, instant: { 400: 422 } }],
  [
    "a roadmap's assumed 400 as 422 and 409 as 400 in SMS mode, its 404 as 410 in instant mode",
    { sms: { 400: 422, 409: 400 }, instant: { 404: 410 } },
    /Roadmap/,
  ],
  ['422 for each assumed 400 in SMS mode, 400 in instant mode', { sms: { 400: 422 }, instant: {} }],
  [
    '400 for each assumed 409 and 413, 410 for each assumed 404',
    { sms: { 409: 400, 413: 400, 404: 410 }, instant: { 409: 400, 413: 400, 404: 410 } },
  ],
];
const ERROR_STATUSES: Axis = {
  id: 'error-statuses',
  covers: [/^\/paths\/.*\/responses\/4\d\d$/, '/components/responses/PayloadTooLarge'],
  alternatives: ERROR_CHOICES.map(([name, modes, ops = /./]) => ({
    name,
    layer: () => ({
      response: (req, res) => {
        const route = ASSUMED_ERRORS.find((r) => r.method === req.method && r.path.test(pathOf(req)) && ops.test(r.id));
        const to = route?.statuses.includes(res.status) ? modes[modeOf(req)][res.status] : undefined;
        return to ? { ...res, status: to } : res;
      },
    }),
    // Each mode's errors, per operation that assumes the status it replaces.
    profile: {
      modes: Object.fromEntries(
        (['sms', 'instant'] as const).map((mode) => [
          mode,
          {
            errors: Object.fromEntries(
              ASSUMED_ERRORS.filter((r) => ops.test(r.id))
                .map((r) => [
                  r.id,
                  Object.fromEntries(r.statuses.filter((s) => modes[mode][s]).map((s) => [String(s), modes[mode][s]])),
                ])
                .filter(([, map]) => Object.keys(map as object).length),
            ),
          },
        ]),
      ),
    } as ProfileInput,
  })),
};

const RESULT_PATHS = ['/results/{token}/', '/record/{token}/score/', '/record/{token}/result/'];
const RESULT: Axis = {
  id: 'result',
  covers: [/^\/paths\/~1record~1\{token\}~1result~1/, '/components/schemas/Result', '/components/schemas/Score'],
  alternatives: product({ path: RESULT_PATHS, shape: ['as is', '{result: data}'] }).map(({ path, shape }) => {
    const at = new RegExp(`^/api/v2${path.replace('{token}', '([^/]+)')}$`);
    return {
      name: `results at ${path}${shape === 'as is' ? '' : `, wrapped as ${shape}`}`,
      layer: (): Fault => ({
        answer: (req) =>
          path !== '/record/{token}/result/' && /^\/api\/v2\/record\/[^/]+\/result\/$/.test(pathOf(req))
            ? json(404, { data: null, successful: false, messages: ['Not found.'] })
            : undefined,
        request: (req) => {
          const token = at.exec(pathOf(req))?.[1];
          return token ? { ...req, path: `/api/v2/record/${token}/result/${req.path.slice(pathOf(req).length)}` } : req;
        },
        response: answers((body, req, res) => {
          if (shape !== 'as is' && res.status < 300 && at.test(pathOf(req))) body.data = { result: body.data };
        }),
      }),
      profile: { result: { path } },
    };
  }),
};

/** A request without a key, and one with a key that names no organizer: each answered 401 or 403. */
const NO_KEY: Axis = {
  id: 'no-key',
  covers: [Q.noKeyBehaviour, '/components/responses/Unauthorized'],
  alternatives: product({ missing: [401, 403], unknown: [401, 403] })
    .filter((c) => c.missing !== 401 || c.unknown !== 401)
    .map((c) => ({
      name: `${c.missing} without a key, ${c.unknown} to an unknown one`,
      layer: () => ({
        response: (req, res) =>
          API(req) && res.status === 401 ? { ...res, status: req.headers['api-key'] ? c.unknown : c.missing } : res,
      }),
    })),
};

// --- Bodies whose shape is not shown: error answers, the answers of record authentication, roadmap entries.

const ERROR_BODIES: Axis = {
  id: 'error-bodies',
  covers: [Q.errorBodies, '/components/schemas/ErrorEnvelope', '/components/schemas/Message'],
  alternatives: product({
    item: ['text', '{field, code, detail}', '{message, level}'],
    data: ['null', '{}', '{errors}'],
  })
    .filter((_, i) => i % 2 === 0)
    .map((c) => ({
      name: `error messages as ${c.item}, data ${c.data}`,
      layer: () => ({
        response: answers((body, _req, res) => {
          if (res.status < 400 || !Array.isArray(body.messages)) return;
          const texts = body.messages.map((m) => (isObject(m) ? String(m.text ?? m.code ?? '') : String(m)));
          const codes = body.messages.map((m) => (isObject(m) ? m.code : undefined));
          body.messages = texts.map((text, i) =>
            c.item === 'text'
              ? text
              : c.item === '{message, level}'
                ? { message: text, level: 'error' }
                : { field: null, code: codes[i] ?? 'error', detail: text },
          );
          body.data = c.data === 'null' ? null : c.data === '{}' ? {} : { errors: { request: texts } };
        }),
      }),
      profile: { error_bodies: 'own' } as ProfileInput,
    })),
};

const RECORD_AUTH_ANSWER = /^\/api\/v2\/record\/[^/]+\/auth\/(verify\/)?$/;
const AUTH_ANSWERS: Axis = {
  id: 'auth-answers',
  covers: [Q.shapesNotShown, '/components/schemas/RecordAuth'],
  alternatives: [
    ...[{}, { sent: true, expires_in: 120 }, { detail: 'ok' }].map((data) => ({
      name: `record authentication and its verify answering ${JSON.stringify(data)}`,
      layer: (): Fault => ({
        response: answers((body, req, res) => {
          if (res.status < 300 && RECORD_AUTH_ANSWER.test(pathOf(req))) body.data = data;
        }),
      }),
    })),
    ...SHAPES.filter(([name]) => name.startsWith('record authentication')).map(([name, layer]) => ({ name, layer })),
  ],
};

const ROADMAP = /^\/api\/v2\/roadmap\/[^/]+\/$/;
const ROADMAP_ENTRIES: Axis = {
  id: 'roadmap-entries',
  covers: [
    Q.roadmapOther,
    'Roadmap states and transitions: not shown.',
    '/components/schemas/Roadmap',
    '/components/schemas/Role',
  ],
  alternatives: product({
    role: ['{id}', '{role_id, title}', 'id'],
    record: ['record', 'token', '{record_token}', '{uuid, title}'],
    state: ['', 'open', 0],
  })
    .filter((_, i) => i % 3 === 0)
    .map(
      (c): Alternative => ({
        name: `roadmap roles as ${c.role}, test_records as ${c.record}${c.state === '' ? '' : `, a roadmap state ${JSON.stringify(c.state)}`}`,
        layer: () => ({
          response: answers((body, req, res) => {
            const data = body.data;
            if (req.method !== 'GET' || res.status !== 200 || !ROADMAP.test(pathOf(req)) || !isObject(data)) return;
            if (Array.isArray(data.roles))
              data.roles = data.roles.map((r) =>
                !isObject(r)
                  ? r
                  : c.role === 'id'
                    ? r.id
                    : c.role === '{id}'
                      ? r
                      : { role_id: r.id, title: `Role ${String(r.id)}` },
              );
            if (Array.isArray(data.test_records))
              data.test_records = data.test_records.map((r) =>
                !isObject(r) || c.record === 'record'
                  ? r
                  : c.record === 'token'
                    ? r.token
                    : c.record === '{record_token}'
                      ? { record_token: r.token }
                      : { uuid: r.token, title: r.test_title },
              );
            if (c.state !== '') data.state = c.state;
          }),
        }),
      }),
    )
    .concat(handWritten(/^roadmaps (listing|whose)/)),
};

// --- Encodings and field names: the nested test's fields, the verify's code field, record authentication's body.

const GENDER_CHOICES: [string, Record<string, string | number>][] = [
  ['all, male, female', { all: 'all', male: 'male', female: 'female' }],
  ['A, M, F', { all: 'A', male: 'M', female: 'F' }],
  ['0, 1, 2', { all: 0, male: 1, female: 2 }],
  ['ANY, MEN, WOMEN', { all: 'ANY', male: 'MEN', female: 'WOMEN' }],
];
const ENCODINGS: Axis = {
  id: 'test-fields',
  covers: [Q.testTypes, '/components/schemas/TestSummary', '/components/schemas/TestId'],
  alternatives: product({ gender: GENDER_CHOICES, ages: ['integer', 'string'] as const }).map(
    ({ gender: [name, values], ages }) => ({
      name: `gender_permission as ${name}, ages as ${ages === 'string' ? 'digits in a string' : 'integers'}`,
      layer: () => ({
        response: answers((body) => {
          mapKey(body.data, 'gender_permission', (v) => (typeof v === 'string' && v in values ? values[v] : v));
          if (ages === 'string')
            for (const k of ['min_age', 'max_age'])
              mapKey(body.data, k, (v) => (typeof v === 'number' ? String(v) : v));
        }),
      }),
      profile: {
        test_fields: { ages, gender_permission: { all: values.all, men: values.male, women: values.female } },
      } as ProfileInput,
    }),
  ),
};

const VERIFY = /^\/api\/v2\/(record|roadmap)\/[^/]+\/auth\/verify\/$/;
const AUTH_BODY = /^\/api\/v2\/record\/[^/]+\/auth\/$/;
const refuse = (field: string) =>
  json(400, { data: null, successful: false, messages: [{ field, code: 'required', text: `${field} is required` }] });
type BodyShape = 'nested' | 'flat' | 'person';
const TEMPLATES: Record<BodyShape, unknown> = {
  nested: undefined,
  flat: { mobile: '{mobile}', name: '{name}', birth: '{birth}', is_male: '{is_male}', external_id: '{external_id}' },
  person: {
    phone: '{mobile}',
    person: { full_name: '{name}', birth: '{birth}', is_male: '{is_male}', external_id: '{external_id}' },
  },
};
/** A record authentication body of `shape`, in the sandbox's shape; undefined when it is not of that shape. */
function nestAuth(body: Json, shape: BodyShape): Json | undefined {
  if (shape === 'flat' && !('profile' in body) && 'name' in body) {
    const { mobile, ...profile } = body;
    return { mobile, profile };
  }
  if (shape === 'person' && isObject(body.person)) {
    const { full_name: name, ...rest } = body.person;
    return { mobile: body.phone, profile: { name, ...rest } };
  }
  return undefined;
}
const FIELD_NAMES: Axis = {
  id: 'field-names',
  covers: [
    '/components/schemas/RecordAuthRequest',
    '/components/schemas/SmsCode',
    '/components/schemas/RecordVerifyRequest',
    '/components/schemas/RoadmapVerifyRequest',
  ],
  alternatives: product({
    code: ['code', 'otp', 'sms_code', 'verification_code'],
    body: ['nested', 'flat', 'person'] as const,
  })
    .filter((c, i) => i % 2 === 0 || c.code === 'code')
    .map((c) => ({
      name: `the SMS code as ${c.code}, record authentication ${c.body}`,
      layer: (): Fault => ({
        // The description's shape is refused where the deployment chose another; its own is translated.
        answer(req) {
          const body = parse(req.body);
          if (!isObject(body)) return undefined;
          if (
            req.method === 'PUT' &&
            VERIFY.test(pathOf(req)) &&
            c.code !== 'code' &&
            'code' in body &&
            !(c.code in body)
          )
            return refuse(c.code);
          if (req.method === 'POST' && AUTH_BODY.test(pathOf(req)) && c.body !== 'nested' && isObject(body.profile))
            return refuse(c.body === 'flat' ? 'name' : 'person');
          return undefined;
        },
        request(req) {
          const body = parse(req.body);
          if (!isObject(body)) return req;
          let out: Json | undefined;
          if (req.method === 'PUT' && VERIFY.test(pathOf(req)) && c.code in body && c.code !== 'code') {
            const { [c.code]: code, ...rest } = body;
            out = { ...rest, code };
          }
          if (req.method === 'POST' && AUTH_BODY.test(pathOf(req)) && c.body !== 'nested') out = nestAuth(body, c.body);
          return out ? { ...req, body: JSON.stringify(out) } : req;
        },
      }),
      profile: {
        ...(c.code === 'code' ? {} : { code_field: c.code }),
        ...(TEMPLATES[c.body] ? { requests: { authenticateRecord: TEMPLATES[c.body] } } : {}),
      } as ProfileInput,
    })),
};

// --- Limits and policies whose values are not shown.

const MOBILE_LIMIT: Axis = {
  id: 'mobile-limit',
  covers: [Q.limitValue],
  alternatives: [2, 3, 4].map((n) => ({
    name: `a mobile duplicate limit of ${n}`,
    layer: () => mobileLimitOf(n, MAIN_KEY),
  })),
};

const RATE: Axis = {
  id: 'rate-limit',
  covers: [Q.rateHeaders, '/components/headers/RetryAfter'],
  alternatives: product({
    every: [9, 13],
    headers: ['retry-after', 'retry-after and x-ratelimit-*', 'retry-after and ratelimit-policy'],
  })
    .filter((_, i) => i % 2 === 0)
    .map((c) => ({
      name: `every ${c.every}th request answered 429 with ${c.headers}`,
      layer: () => {
        let count = 0;
        const extra: Record<string, string> = c.headers.includes('x-ratelimit')
          ? { 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '1' }
          : c.headers.includes('policy')
            ? { 'ratelimit-policy': '60;w=60' }
            : {};
        return {
          answer: (req) =>
            API(req) && ++count % c.every === 0
              ? json(429, { data: null, successful: false, messages: ['Slow down.'] }, { 'retry-after': '1', ...extra })
              : undefined,
        };
      },
    })),
};

const COMPATIBILITY: Axis = {
  id: 'compatibility',
  covers: ['Compatibility, deprecation and change policy: not shown.'],
  alternatives: (
    [{}, { 'api-version': '2.4.1' }, { deprecation: 'false', 'x-api-version': 'v2' }] as Record<string, string>[]
  ).map((headers) => ({
    name: Object.keys(headers).length
      ? `answers with ${Object.keys(headers).join(' and ')} headers`
      : 'no version headers',
    layer: () => ({ response: (req, res) => (API(req) ? { ...res, headers: { ...res.headers, ...headers } } : res) }),
  })),
};

/** The hand-written choices of test/variants/choices.ts that no axis above makes, one a variant; and an order of validation. */
const DETAILS: Axis = {
  id: 'details',
  covers: ['/components/schemas/DraftToken'],
  alternatives: [
    ...handWritten(
      /^(ages derived|questionnaires without|timestamps at|SMS codes of another|option ids from 0|415 for|a token that is no UUID|role ids from 101)/,
    ),
    { name: 'looks the token up before it validates the body', layer: () => LOOKUP_FIRST },
  ],
};

/** What no alternative is laid for, and why. */
export const NOT_LAID: Record<string, string> = {
  'Events: not shown.': 'no operation answers an event; the suite reads none',
  '/info/x-media-base': "a question's media path: no check fetches media",
  '/info/x-unmatched-requests':
    'unknown paths and methods: the details alternative "a token that is no UUID answered 404" and the bespoke faults on unsupported methods hold them',
  '/components/schemas/Token/x-normalise':
    'what a server does to a value it is sent: test/model.test.ts holds every generated value that breaks only it as a note',
  '/components/schemas/Mobile/x-normalise': "as the token's normalisation",
  '/components/schemas/PersianName/x-normalise': "as the token's normalisation",
  '/components/schemas/Profile/properties':
    'external_id and case_number in answers: test/model.test.ts breaks each in every answer that carries it',
  '/components/schemas/RoadmapVerified':
    "roadmap verification's answer: test/model.test.ts breaks it in every answer that carries it",
  '/components/schemas/AnswerValue/oneOf/1':
    'an answer to an HTML questionnaire: the suite submits none (test/model.test.ts)',
  '/components/schemas/HtmlQuestionnaire/x-submission': 'as the HTML answer',
};

/** The axes in the order their layers stack, the first next to the sandbox. */
export const AXES: Axis[] = [
  LISTING,
  RESULT,
  ERROR_STATUSES,
  NO_KEY,
  SUCCESS,
  ROADMAP_ENTRIES,
  AUTH_ANSWERS,
  ENCODINGS,
  ERROR_BODIES,
  MOBILE_LIMIT,
  DETAILS,
  FIELD_NAMES,
  COMPATIBILITY,
  RATE,
];

/** A deployment: one alternative of each axis, and the profile that describes them all. */
export interface Generated {
  names: string[];
  layers: () => Fault[];
  profile: ProfileInput;
}

/** A seeded random source (mulberry32): the same seed draws the same variants. */
export function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function merge(into: Json, from: Json): Json {
  for (const [k, v] of Object.entries(from)) into[k] = isObject(v) && isObject(into[k]) ? merge(into[k] as Json, v) : v;
  return into;
}

/**
 * `count` deployments, each laying one alternative of every axis: per axis, its alternatives in a
 * seeded order, deployment i taking the i-th (round again past the last), so that `count` at least
 * the largest axis lays every alternative once.
 */
export function generate(seed: number, count: number): Generated[] {
  const next = random(seed);
  const orders = AXES.map((axis) =>
    axis.alternatives
      .map((a) => [next(), a] as const)
      .sort((x, y) => x[0] - y[0])
      .map(([, a]) => a),
  );
  return Array.from({ length: count }, (_, i) => {
    const chosen = orders.map((order) => order[i % order.length] as Alternative);
    return {
      names: chosen.map((a) => a.name),
      layers: () => chosen.map((a) => a.layer()),
      profile: chosen.reduce<Json>((p, a) => merge(p, structuredClone((a.profile ?? {}) as Json)), {}) as ProfileInput,
    };
  });
}

/**
 * Each alternative alone on the sandbox, with the profile that describes it: all of them, or `pick`
 * drawn by the seed from those `laid` (the combinations' names) leaves out.
 */
export function alone(seed: number, pick?: number, laid: string[] = []): Generated[] {
  const next = random(seed);
  const all = AXES.flatMap((axis) => axis.alternatives);
  const chosen =
    pick === undefined
      ? all
      : all
          .filter((a) => !laid.includes(a.name))
          .map((a) => [next(), a] as const)
          .sort((x, y) => x[0] - y[0])
          .slice(0, pick)
          .map(([, a]) => a);
  return chosen.map((a) => ({
    names: [a.name],
    layers: () => [a.layer()],
    profile: structuredClone((a.profile ?? {}) as Json) as ProfileInput,
  }));
}
