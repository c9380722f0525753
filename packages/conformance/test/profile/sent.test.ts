import { createValidator, listAssumptions, listOperations, loadDescription } from '@tas/openapi';
import { describe, expect, it } from 'vitest';
import { TEST_FIELDS } from '../../src/assumed-requests.js';
import { type ContextDeps, createContext } from '../../src/context.js';
import type { Http } from '../../src/http/client.js';
import { readListing } from '../../src/journey/listing.js';
import type { TestRules } from '../../src/journey/profile.js';
import { authenticateRecord, type RecordData } from '../../src/journey/steps.js';
import { resolveProfile, settingsOf } from '../../src/profile/resolve.js';
import type { ProfileInput } from '../../src/profile/types.js';
import { schema } from '../../src/responses/schema.js';
import type { Exchange, HttpRequest } from '../../src/types.js';

// Every setting of a profile is used by the requests the suite builds: a profile that changes one
// setting changes what is sent (or, for a success status, how its answer is judged), setting by setting.

const doc = loadDescription();
const operations = listOperations(doc);
const TOKEN = '11111111-1111-4111-8111-111111111111';
const NOW = Date.UTC(2026, 5, 15);

/** A context over an http that records what is sent and answers with `answer`. */
function made(profile: ProfileInput, answer: (req: HttpRequest) => Partial<Exchange['response']> = () => ({})) {
  const sent: HttpRequest[] = [];
  const http = {
    send: async (request: HttpRequest, operationId?: string): Promise<Exchange> => {
      sent.push(request);
      const response = { status: 200, headers: {}, text: '{}', json: { data: {} }, ...answer(request) };
      return { request, response, operationId };
    },
  } as unknown as Http;
  const deps = {
    options: { baseUrl: 'http://host', target: 'live', clock: { now: () => NOW, sleep: async () => {} } },
    doc,
    operations,
    http,
    deployment: resolveProfile(doc, profile),
  } as unknown as ContextDeps;
  const { ctx, findings } = createContext(deps, { id: 'c', statement: 's', assumed: false });
  return { ctx, findings, sent };
}

const body = (req: HttpRequest | undefined) => JSON.parse(req?.body ?? 'null') as unknown;
const url = (req: HttpRequest | undefined) => new URL(req?.url ?? 'http://none/');
const record = (test: Partial<TestRules>, instant = true) =>
  ({ token: TOKEN, tests_auth_required: !instant, test }) as unknown as RecordData;

type Case = [key: string, given: ProfileInput, send: (m: ReturnType<typeof made>) => Promise<unknown>];

/** What is sent (or judged) with the profile `given`, and with none: the two must differ. */
const CASES: Case[] = [
  [
    'listing.path',
    { listing: { path: '/records/' } },
    async ({ ctx, sent }) => {
      await ctx.call('listRecords', {});
      return url(sent[0]).pathname;
    },
  ],
  [
    'listing.filters.status',
    { listing: { filters: { status: 'state' } } },
    async ({ ctx, sent }) => {
      await ctx.call('listRecords', { query: { status: '2', auth_required: 'true' } });
      return url(sent[0]).search;
    },
  ],
  [
    'listing.filters.auth_required',
    { listing: { filters: { auth_required: 'needs_auth' } } },
    async ({ ctx, sent }) => {
      await ctx.call('listRecords', { query: { status: '2', auth_required: 'true' } });
      return url(sent[0]).search;
    },
  ],
  [
    'listing.paging.page',
    { listing: { paging: { page: 'p' } } },
    async ({ ctx, sent }) => {
      await ctx.call('listRecords', { query: { page: '2' } });
      return url(sent[0]).search;
    },
  ],
  [
    'listing.paging.size',
    { listing: { paging: { size: 'per_page' } } },
    async ({ ctx, sent }) => {
      await readListing(ctx, { maxPages: 1 });
      return url(sent[0]).search;
    },
  ],
  // A page whose body names a next page number: auto follows it, `link` reads only a Link header.
  [
    'listing.paging.style',
    { listing: { paging: { style: 'link' } } },
    async ({ ctx, sent }) => {
      await readListing(ctx, { maxPages: 3 });
      return sent.length;
    },
  ],
  [
    'listing.paging.base',
    { listing: { paging: { base: 0 } } },
    async ({ ctx, sent }) => {
      await readListing(ctx);
      return sent.map((r) => url(r).search);
    },
  ],
  [
    'result.path',
    { result: { path: '/results/{token}/' } },
    async ({ ctx, sent }) => {
      await ctx.call('getResult', { params: { token: TOKEN } });
      return url(sent[0]).pathname;
    },
  ],
  [
    'code_field',
    { code_field: 'otp' },
    async ({ ctx, sent }) => {
      await ctx.call('verifyRecordAuth', { params: { token: TOKEN }, body: { code: '1234' } });
      await ctx.call('verifyRoadmapAuth', { params: { token: TOKEN }, body: { draft_token: TOKEN, code: '1234' } });
      return sent.map(body);
    },
  ],
  [
    'requests.authenticateRecord',
    {
      requests: { authenticateRecord: { mobile: '{mobile}', name: '{name}', birth: '{birth}', is_male: '{is_male}' } },
    },
    async ({ ctx, sent }) => {
      await authenticateRecord(ctx, record({}));
      return Object.keys(body(sent[0]) as object);
    },
  ],
  [
    'requests.verifyRecordAuth',
    { requests: { verifyRecordAuth: { verification: { code: '{code}' } } } },
    async ({ ctx, sent }) => {
      await ctx.call('verifyRecordAuth', { params: { token: TOKEN }, body: { code: '1234' } });
      return body(sent[0]);
    },
  ],
  [
    'requests.verifyRoadmapAuth',
    { requests: { verifyRoadmapAuth: { draft: '{draft_token}', code: '{code}' } } },
    async ({ ctx, sent }) => {
      await ctx.call('verifyRoadmapAuth', { params: { token: TOKEN }, body: { draft_token: TOKEN, code: '1234' } });
      return body(sent[0]);
    },
  ],
  [
    'test_fields.ages',
    { test_fields: { ages: 'string' } },
    // Digits are read either way (issue 44); the setting says whether that reading is the deployment's.
    async ({ ctx }) => {
      const auth = await authenticateRecord(ctx, record({ min_age: '30', max_age: '40' } as never));
      return auth.first.assumed?.includes(TEST_FIELDS) ?? false;
    },
  ],
  [
    'test_fields.gender_permission.women',
    { test_fields: { gender_permission: { women: 2 } } },
    async ({ ctx, sent }) => {
      await authenticateRecord(ctx, record({ gender_permission: 2 as never }));
      return (body(sent[0]) as { profile: { is_male: boolean } }).profile.is_male;
    },
  ],
  [
    'test_fields.gender_permission.men',
    { test_fields: { gender_permission: { men: 1 } } },
    async ({ ctx }) => {
      const auth = await authenticateRecord(ctx, record({ gender_permission: 1 as never }));
      return auth.first.assumed?.includes(TEST_FIELDS) ?? false;
    },
  ],
  [
    'test_fields.gender_permission.all',
    { test_fields: { gender_permission: { all: 0 } } },
    async ({ ctx }) => {
      const auth = await authenticateRecord(ctx, record({ gender_permission: 0 as never }));
      return auth.first.assumed?.includes(TEST_FIELDS) ?? false;
    },
  ],
];

/** A success of another status is judged by the profile's `success`: no note where it names that status. */
const SUCCESS = settingsOf(resolveProfile(doc))
  .filter((s) => s.key.startsWith('success.'))
  .map((s) => s.key.slice(8));

describe('every profile setting changes what the suite sends', () => {
  it('every setting has a case', () => {
    const keys = settingsOf(resolveProfile(doc))
      .map((s) => s.key)
      .filter((k) => !/^(success\.|modes\.|errors$|error_bodies$)/.test(k));
    expect(keys.sort()).toEqual(CASES.map(([k]) => k).sort());
  });

  it.each(CASES)('%s', async (_key, given, send) => {
    const answer = (req: HttpRequest) =>
      req.url.includes('page=2') || req.url.includes('p=2')
        ? { json: { data: [] } }
        : // A first page smaller than asked: read again from the first page's number (listing.paging.base).
          { json: { data: { results: [{ token: TOKEN }], next_page: 2, per_page: 1 } } };
    const changed = await send(made(given, answer));
    const unchanged = await send(made({}, answer));
    expect(changed).not.toEqual(unchanged);
  });

  it.each(SUCCESS)('success.%s', async (operationId) => {
    const judged = async (profile: ProfileInput) => {
      const { ctx, findings } = made(profile, () => ({ status: 203 }));
      const exchange = {
        request: { method: 'GET', url: 'http://host/', key: 'main', headers: {} },
        response: { status: 203, headers: {}, text: '', json: {} },
        operationId,
      } as Exchange;
      ctx.expectStatus(exchange, 200, operationId);
      return findings.length;
    };
    expect(await judged({ success: { [operationId]: 203 } })).toBe(0);
    // A mode's own success, where the resource's mode is not known yet: still the deployment's described choice.
    expect(await judged({ modes: { sms: { success: { [operationId]: 203 } } } })).toBe(0);
    expect(await judged({ modes: { instant: { success: { [operationId]: 203 } } } })).toBe(0);
    expect(await judged({})).toBe(1);
  });

  it('errors: an assumed error status the profile describes is no note; a stated one is judged whatever it says', () => {
    const refused = (profile: ProfileInput, operationId: string, got: number, wanted: number, stated = false) => {
      const { ctx, findings } = made(profile, () => ({ status: got }));
      const exchange = {
        request: { method: 'PUT', url: 'http://host/', key: 'main', headers: {} },
        response: { status: got, headers: {}, text: '', json: {} },
        operationId,
      } as Exchange;
      ctx.expectRefused(exchange, wanted, operationId, stated);
      return findings.map((f) => (f.assumed ? 'note' : 'stated'));
    };
    // verifyRecordAuth's 400 is the description's assumption; authenticateRoadmap's 409 is stated.
    expect(refused({}, 'verifyRecordAuth', 422, 400)).toEqual(['note']);
    expect(refused({ errors: { verifyRecordAuth: { 400: 422 } } }, 'verifyRecordAuth', 422, 400)).toEqual([]);
    expect(
      refused({ modes: { sms: { errors: { verifyRecordAuth: { 400: 422 } } } } }, 'verifyRecordAuth', 422, 400),
    ).toEqual([]);
    expect(refused({ errors: { authenticateRoadmap: { 409: 400 } } }, 'authenticateRoadmap', 400, 409, true)).toEqual([
      'stated',
    ]);
  });

  it("error_bodies: own: an error answer of the deployment's own shape is no note", () => {
    const operation = listOperations(doc).find((o) => o.operationId === 'verifyRecordAuth');
    const json = { data: { errors: { code: ['wrong'] } }, successful: false, messages: ['Wrong code.'] };
    const exchange = {
      request: { method: 'PUT', url: 'http://host/', key: 'main', headers: {} },
      response: { status: 400, headers: { 'content-type': 'application/json' }, text: JSON.stringify(json), json },
      operationId: 'verifyRecordAuth',
    } as Exchange;
    const env = { doc, validator: createValidator(doc), assumptions: listAssumptions(doc), operation };
    expect(schema.verify(exchange, env).map((f) => f.assumed)).toContain(true);
    expect(schema.verify(exchange, { ...env, ownErrorBodies: true })).toEqual([]);
  });
});
