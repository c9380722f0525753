// A shared deployment: earlier runs and other clients use allowances a run cannot count (a fixed
// --mobile's authentications, a fixtures file's records). What the model cannot rule out is never a
// stated verdict; what it can is judged as ever.
import { startSandbox } from '@tas/sandbox';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { exitCodeOf } from '../src/options.js';
import { type RunOptions, run } from '../src/run.js';
import { described } from './described-once.js';
import { MAIN_KEY, OTHER_KEY } from './faults/faults.js';
import { type Fault, startFaultStack } from './faults/proxy.js';
import { mobileLimitOf } from './variants/choices.js';
import { stated } from './variants/run.js';

let sandbox: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, rateLimit: false });
});
afterAll(() => sandbox.close());

async function runBehind(layers: Fault[], options: Partial<RunOptions>) {
  const stack = await startFaultStack(sandbox.url, layers);
  try {
    return await run({
      baseUrl: stack.url,
      apiKey: MAIN_KEY,
      otherApiKey: OTHER_KEY,
      provision: 'sandbox',
      rate: false,
      ...options,
      ...described,
    });
  } finally {
    await stack.close();
  }
}

const ROADMAP_AUTH = /^\/api\/v2\/roadmap\/[^/]+\/auth\/$/;
/** A second roadmap authentication refused with 400, the mobile limit's status, where 409 is stated. */
const AGAIN_AS_400: Fault = {
  response: (req, res) => (ROADMAP_AUTH.test(req.path) && res.status === 409 ? { ...res, status: 400 } : res),
};
let mobiles = 0;
const fixedMobile = () => `0912${String(++mobiles).padStart(7, '0')}`;

// The limit's value is not shown: a deployment's may be 1, and a fixed --mobile may have spent it before the run.
it.each(['roadmap-auth-twice', 'duplicate-external-id', 'record-auth-twice', 'mobile-limit'])(
  'a fixed --mobile at a mobile duplicate limit of 1: no stated verdict (%s)',
  async (id) => {
    const result = await runBehind([mobileLimitOf(1, MAIN_KEY)], { mobile: fixedMobile(), only: [id] });
    expect(stated(result)).toEqual([]);
    expect(exitCodeOf(result)).not.toBe(1);
  },
);

/** A mobile duplicate limit of 1 kept at the verify: the code is sent, completing a second authentication is refused. */
function limitAtVerify(): Fault {
  const mobileOf = new Map<string, string>();
  const completed = new Set<string>();
  const tokenOf = (path: string) => /\/(record|roadmap)\/([^/]+)\/auth\//.exec(path)?.[2] ?? '';
  const verify = (req: { method: string; path: string }) => req.method === 'PUT' && req.path.endsWith('/auth/verify/');
  return {
    answer: (req) =>
      verify(req) && completed.has(mobileOf.get(tokenOf(req.path)) ?? '')
        ? {
            status: 400,
            headers: { 'content-type': 'application/json' },
            body: '{"data":{},"successful":false,"messages":[]}',
          }
        : undefined,
    response: (req, res) => {
      if (req.method === 'POST' && tokenOf(req.path)) mobileOf.set(tokenOf(req.path), JSON.parse(req.body).mobile);
      if (verify(req) && res.status < 300) completed.add(mobileOf.get(tokenOf(req.path)) ?? '');
      return res;
    },
  };
}

it('a fixed --mobile at a limit of 1 kept at the verify: no stated verdict', async () => {
  const only = ['record-auth', 'record-auth-twice', 'submit-finishes', 'questions-before-auth'];
  const result = await runBehind([limitAtVerify()], { mobile: fixedMobile(), only });
  expect(stated(result)).toEqual([]);
  expect(exitCodeOf(result)).toBe(2);
});

it.each([
  ['fresh mobiles', AGAIN_AS_400, {}],
  // Acceptance is never the limit: a fixed --mobile does not excuse it.
  [
    'a fixed --mobile',
    {
      response: (req, res) =>
        ROADMAP_AUTH.test(req.path) && res.status === 409
          ? { ...res, status: 200, body: '{"data":{"tests_auth_required":true},"successful":true,"messages":[]}' }
          : res,
    },
    { mobile: fixedMobile() },
  ],
] as [string, Fault, Partial<RunOptions>][])(
  'a second roadmap authentication answered wrong, %s: stated',
  async (_name, fault, options) => {
    const result = await runBehind([fault], { ...options, only: ['roadmap-auth-twice'] });
    expect(stated(result)).not.toEqual([]);
    expect(exitCodeOf(result)).toBe(1);
  },
);

/** Fresh fixtures of the SMS organizer, made through the sandbox's control API. */
async function fixtures(count: number) {
  const post = async (kind: string, body: unknown) => {
    const res = await fetch(`${sandbox.url}/__sandbox/${kind}/`, {
      method: 'POST',
      headers: { 'API-KEY': MAIN_KEY, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    return ((await res.json()) as { data: { token: string } }).data.token;
  };
  const many = (kind: string, body: unknown) => Promise.all(Array.from({ length: count }, () => post(kind, body)));
  return {
    records: { ready: await many('records', { test_id: 'career-interest', state: 'ready' }) },
    roadmaps: await many('roadmaps', {}),
  };
}

it('a fixtures file an earlier run used: could not run, naming the fixture, never a stated verdict', async () => {
  const given = await fixtures(12);
  const once = () =>
    run({
      baseUrl: sandbox.url,
      apiKey: MAIN_KEY,
      target: 'sandbox',
      sms: 'sandbox',
      fixtures: structuredClone(given),
      rate: false,
      only: ['record-auth', 'roadmap-auth', 'roadmap-auth-twice', 'record-auth-twice', 'duplicate-external-id'],
      ...described,
    });
  expect(stated(await once())).toEqual([]);
  const again = await once();
  expect(stated(again)).toEqual([]);
  expect(exitCodeOf(again)).toBe(2);
  for (const r of again.results) expect(r.reason, r.id).toMatch(/a fixture an earlier run or another client used/);
});

/** Another client of the organizer: it authenticates each roadmap and record provisioned before the run reads it. */
const OTHER_CLIENT: Fault = {
  async answer(req, upstream) {
    const kind = req.method === 'POST' ? /^\/__sandbox\/(records|roadmaps)\/$/.exec(req.path)?.[1] : undefined;
    if (!kind) return undefined;
    const headers = { 'API-KEY': req.headers['api-key'] ?? '', 'Content-Type': 'application/json' };
    const call = async (path: string, body?: unknown) => {
      const res = await fetch(`${upstream}${path}`, {
        method: body ? 'POST' : 'GET',
        headers,
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: res.status, body: await res.text() };
    };
    const made = await call(req.path, JSON.parse(req.body || '{}'));
    const { token } = (JSON.parse(made.body) as { data: { token: string } }).data;
    const mobile = '09121112233';
    /** A profile inside a test's limits: the age halfway between them, a gender it permits. */
    const fits = (test: { min_age?: number | null; max_age?: number | null; gender_permission?: string }) => {
      const age = Math.floor(((test.min_age ?? 18) + (test.max_age ?? 60)) / 2);
      const birth = `${new Date().getUTCFullYear() - age - 1}-03-01`;
      return { name: 'مریم احمدی', birth, is_male: /^m/i.test(test.gender_permission ?? '') };
    };
    const data = async (path: string) => (JSON.parse((await call(path)).body) as { data: never }).data;
    if (kind === 'records')
      await call(`/api/v2/record/${token}/auth/`, {
        mobile,
        profile: fits(((await data(`/api/v2/record/${token}/`)) as { test: never }).test),
      });
    else {
      const map = (await data(`/api/v2/roadmap/${token}/`)) as {
        roles: { id: number }[];
        test_records: { token: string }[];
      };
      const tests = new Map<number, never>();
      for (const entry of map.test_records) {
        const r = (await data(`/api/v2/record/${entry.token}/`)) as { role: number; test: never };
        tests.set(r.role, r.test);
      }
      const roles = map.roles.map(({ id }) => ({ id, profile: fits(tests.get(id) ?? {}) }));
      await call(`/api/v2/roadmap/${token}/auth/`, { mobile, roles });
    }
    return { status: made.status, headers: { 'content-type': 'application/json' }, body: made.body };
  },
};

it.each([1, 2])(
  'explore, where another client authenticated its resources first: no stated verdict (seed %i)',
  async (seed) => {
    const result = await runBehind([OTHER_CLIENT], {
      apiKey: OTHER_KEY,
      otherApiKey: undefined,
      only: ['explore'],
      seed,
    });
    expect(stated(result)).toEqual([]);
  },
);
