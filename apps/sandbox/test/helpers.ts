import { afterAll, beforeAll } from 'vitest';
import { contracts } from '../src/contracts.js';
import { type Exchange, type SandboxOptions, startSandbox } from '../src/index.js';

/** The tests' clock: fixed, so that ages and expiries only move when a test moves them. */
export const NOW = Date.parse('2026-11-20T06:00:00Z');
export const SMS_KEY = 'sandbox-key-sms';
export const INSTANT_KEY = 'sandbox-key-instant';

/** Every answer the sandbox gave in this test file that does not fit its description. */
export const invalidResponses: string[] = [];
export const seen = { responses: 0, sandboxes: 0 };

/** Validates one answer against the description of its operation (or the error envelope when none matched). */
export function checkExchange(e: Exchange): void {
  seen.responses++;
  const [api] = contracts();
  const where = `${e.method} ${e.path} → ${e.status}`;
  const contract = contracts().find((c) => c.name === e.contract) ?? api;
  if (!contract) throw new Error('no contracts');
  const result = e.operation
    ? contract.validator.validateResponse(e.operation, e.status, e.body)
    : api?.validator.validateSchema('ErrorEnvelope', e.body);
  if (result && !result.valid) invalidResponses.push(`${where}: ${result.issues.map((i) => i.message).join('; ')}`);
  if (e.status === 429 && !/^\d+$/.test(e.headers['Retry-After'] ?? ''))
    invalidResponses.push(`${where}: no Retry-After`);
  if (e.status >= 500) invalidResponses.push(`${where}: a 5xx`);
}

/** A sandbox on a free port, rate limit off unless asked, every answer checked against the description. */
export async function start(options: SandboxOptions = {}) {
  seen.sandboxes++;
  const sandbox = await startSandbox({ port: 0, rateLimit: false, observe: checkExchange, now: () => NOW, ...options });
  return { ...sandbox, as: (key: string | undefined) => client(sandbox.url, key) };
}

/**
 * The test file's sandbox: started before its tests, closed after them. Its clients can be made at once
 * (`sandbox.as(SMS_KEY)` at the top of the file): they find its address when they first call.
 */
export function fileSandbox(options: SandboxOptions = {}) {
  let started: Awaited<ReturnType<typeof start>> | undefined;
  beforeAll(async () => {
    started = await start(options);
  });
  afterAll(() => started?.close());
  const url = () => {
    if (!started) throw new Error('the sandbox starts in beforeAll: call it from a test or a hook');
    return started.url;
  };
  return {
    get url() {
      return url();
    },
    as: (key: string | undefined) => client(url, key),
  };
}

export interface Reply {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: tests read answers freely and assert what they need.
  body: any;
  headers: Headers;
}

/** A tiny client over real HTTP: `call('POST', '/api/v2/record/…/auth/', body)`. */
export function client(url: string | (() => string), key: string | undefined, fetchImpl: typeof fetch = fetch) {
  async function call(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Reply> {
    const res = await fetchImpl(`${typeof url === 'string' ? url : url()}${path}`, {
      method,
      headers: {
        ...(key === undefined ? {} : { 'API-KEY': key }),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: res.status, body: await res.json(), headers: res.headers };
  }
  return {
    call,
    get: (path: string) => call('GET', path),
    post: (path: string, body?: unknown) => call('POST', path, body),
    put: (path: string, body?: unknown) => call('PUT', path, body),
    /** Creates a standalone record through the control API and returns its token. */
    async record(testId = 'career-interest', state = 'ready'): Promise<string> {
      const r = await call('POST', '/__sandbox/records/', { test_id: testId, state });
      if (r.status !== 200) throw new Error(`createRecord: ${JSON.stringify(r.body)}`);
      return r.body.data.token;
    },
    async roadmap(roles?: unknown): Promise<{ token: string; records: { token: string; role: number }[] }> {
      const r = await call('POST', '/__sandbox/roadmaps/', roles === undefined ? {} : { roles });
      if (r.status !== 200) throw new Error(`createRoadmap: ${JSON.stringify(r.body)}`);
      return { token: r.body.data.token, records: r.body.data.test_records };
    },
    /** The newest SMS code sent to a mobile. */
    async lastCode(mobile: string): Promise<string> {
      const r = await call('GET', `/__sandbox/sms/?mobile=${mobile}`);
      return r.body.data.messages[0]?.code;
    },
    advance: (seconds: number) => call('POST', '/__sandbox/clock/', { seconds }),
  };
}
export type Client = ReturnType<typeof client>;

/** Profiles that fit the seeded tests (career-interest: 15+; cas-child: 6–12; parenting-style: 18–80). */
export const adult = { name: 'علی رضایی', birth: '1990-04-21', is_male: true };
export const child = { name: 'سارا محمدی', birth: '2017-02-11', is_male: false };
export const parent = { name: 'مریم کاظمی', birth: '1988-07-30', is_male: false };
export const MOBILE = '09121234567';
/** A body of its own each time (a test may change a profile in it: the shared ones stay as they are). */
export const twoRoles = (mobile = '09351234567') => ({
  mobile,
  roles: [
    { id: 1, profile: { ...child } },
    { id: 2, profile: { ...parent } },
  ],
});
