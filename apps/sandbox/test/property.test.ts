// Property-based, from the outside: generated requests, valid and invalid (auth bodies with generated
// names, births, mobiles and external_ids; SMS codes; answers; listing parameters; tokens), driven
// through the sandbox's API. Every answer is checked against the description as it is given
// (helpers.ts's observer: a status documented for the operation, a body valid for that status), and
// none may be a 5xx. fuzz.test.ts breaks requests on purpose; this one mostly means them.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { TESTS } from '../src/catalog/tests.js';
import type { TestDefinition } from '../src/catalog/types.js';
import { type Client, fileSandbox, INSTANT_KEY, invalidResponses, NOW, type Reply, SMS_KEY } from './helpers.js';

const RUNS = 250;

const sandbox = fileSandbox();

// --- profiles ----------------------------------------------------------------------------------
const LETTERS = [...'ابپتثجچحخدذرزژسشصضطظعغفقلمنوهیکگءأؤئ'];
const word = fc.array(fc.constantFrom(...LETTERS), { minLength: 1, maxLength: 8 }).map((l) => l.join(''));
const name = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.tuple(word, fc.array(fc.tuple(fc.constantFrom(' ', '\u200C'), word), { maxLength: 3 })),
  }.arbitrary.map(([first, rest]) => (first + rest.map(([s, w]) => s + w).join('')).slice(0, 50).trimEnd()),
  { weight: 1, arbitrary: fc.oneof(fc.string({ maxLength: 60 }), fc.constantFrom('', 'Ali', 'علي', 'علی  رضایی')) },
);

/** Born `years` years and `days` days before the tests' clock. */
const bornAgo = (years: number, days: number) => {
  const d = new Date(NOW);
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const birthAged = (min: number, max: number) =>
  fc.tuple(fc.integer({ min, max }), fc.integer({ min: -400, max: 400 })).map(([y, d]) => bornAgo(y, d));
const birth = fc.oneof(
  { weight: 3, arbitrary: birthAged(0, 160) },
  { weight: 2, arbitrary: birthAged(140, 2000) }, // past the description's maximum age, down to year 26
  {
    weight: 1,
    arbitrary: fc
      .date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('2199-12-31T00:00:00Z'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10)),
  },
  {
    weight: 1,
    arbitrary: fc.oneof(
      fc.constantFrom('2020-02-30', '1990-4-21', '0000-01-01', '19900421'),
      fc.string({ maxLength: 12 }),
    ),
  },
);
const mobile = fc.oneof(
  { weight: 6, arbitrary: fc.stringMatching(/^09[0-9]{9}$/) },
  { weight: 1, arbitrary: fc.oneof(fc.string({ maxLength: 13 }), fc.constantFrom('9121234567', '091212345678')) },
);
const externalId = fc.option(
  fc.oneof(
    fc.nat({ max: 40 }), // small: duplicates happen
    fc.constantFrom(9007199254740991, 9007199254740992, -1, 1.5),
  ),
  { nil: undefined },
);
const profileOf = (births: fc.Arbitrary<string>) =>
  fc
    .record({
      name,
      birth: births,
      is_male: fc.oneof({ weight: 6, arbitrary: fc.boolean() }, { weight: 1, arbitrary: fc.constant('yes') }),
      external_id: externalId,
    })
    .map(({ external_id, ...p }) => (external_id === undefined ? p : { ...p, external_id }));

const code = fc.oneof(
  { weight: 3, arbitrary: fc.constant('the one sent') },
  { weight: 1, arbitrary: fc.oneof(fc.stringMatching(/^[0-9]{4,8}$/), fc.string({ maxLength: 9 })) },
);
const standalone = TESTS.map((t) => t.id);

// --- the steps ---------------------------------------------------------------------------------
/** One generated exchange (or two: authentication, then its verification) with the sandbox. */
type Step = (c: Client) => Promise<Reply[]>;

async function verifyWith(c: Client, wanted: string, sentTo: string, path: string, extra: object) {
  const sent = wanted === 'the one sent' ? await c.lastCode(sentTo) : wanted;
  return c.put(path, { ...extra, code: sent ?? '0000' });
}

const recordAuth = fc
  .record({
    test: fc.constantFrom(...standalone),
    state: fc.oneof(
      { weight: 6, arbitrary: fc.constant('ready') },
      fc.constantFrom('vip_wait', 'authenticated', 'finished'),
    ),
    mobile,
    profile: profileOf(fc.oneof(birth, birthAged(15, 155))),
    code,
  })
  .map(
    (g): Step =>
      async (c) => {
        const token = await c.record(g.test, g.state);
        const auth = await c.post(`/api/v2/record/${token}/auth/`, { mobile: g.mobile, profile: g.profile });
        if (auth.status !== 200 || !auth.body.data.tests_auth_required) return [auth];
        return [auth, await verifyWith(c, g.code, g.mobile, `/api/v2/record/${token}/auth/verify/`, {})];
      },
  );

const role = fc.record({
  id: fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(1, 2) },
    { weight: 1, arbitrary: fc.integer({ min: -1, max: 30 }) },
  ),
  profile: profileOf(birth),
});
const roles = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.tuple(profileOf(birthAged(7, 11)), profileOf(birthAged(19, 79))).map(([child, parent]) => [
      { id: 1, profile: child },
      { id: 2, profile: parent },
    ]),
  },
  { weight: 1, arbitrary: fc.array(role, { maxLength: 3 }) },
);
const roadmapAuth = fc.record({ mobile, roles, code, draft: fc.boolean() }).map(
  (g): Step =>
    async (c) => {
      const { token } = await c.roadmap();
      const auth = await c.post(`/api/v2/roadmap/${token}/auth/`, { mobile: g.mobile, roles: g.roles });
      if (auth.status !== 200 || !auth.body.data.tests_auth_required) return [auth];
      const draft_token = g.draft ? auth.body.data.draft_token : randomUUID();
      return [auth, await verifyWith(c, g.code, g.mobile, `/api/v2/roadmap/${token}/auth/verify/`, { draft_token })];
    },
);

/** The answers a test's questions allow, picked by `picks`, then maybe spoilt by `how`. */
function answersFor(test: TestDefinition, picks: number[], how: string, junk: unknown): unknown[] {
  const q = test.questionnaire;
  const pick = (i: number) => picks[i % picks.length] ?? 0;
  const good =
    q.kind === 'html'
      ? Array.from({ length: q.count }, (_, i) => q.min + (pick(i) % (q.max - q.min + 1)))
      : q.questions.map((question, i) =>
          question.answer.text ? 'پاسخ' : (question.answer.options[pick(i) % question.answer.options.length]?.id ?? 0),
        );
  if (how === 'drop') return good.slice(1);
  if (how === 'extra') return [...good, junk];
  if (how === 'swap') return good.map((a, i) => (i === pick(0) % good.length ? junk : a));
  return good;
}
const answers = fc
  .record({
    test: fc.constantFrom(...TESTS),
    state: fc.constantFrom('authenticated', 'authenticated', 'ready', 'finished'),
    picks: fc.array(fc.nat(), { minLength: 1, maxLength: 8 }),
    how: fc.constantFrom('as asked', 'as asked', 'drop', 'extra', 'swap'),
    junk: fc.oneof(fc.integer({ min: -2, max: 10 }), fc.string({ maxLength: 6 }), fc.constant(null)),
  })
  .map(
    (g): Step =>
      async (c) => {
        const token = await c.record(g.test.id, g.state);
        const sent = await c.post(`/api/v2/record/${token}/`, { record: answersFor(g.test, g.picks, g.how, g.junk) });
        return [sent, await c.get(`/api/v2/record/${token}/result/`)];
      },
  );

const param = (valid: fc.Arbitrary<string>, invalid: fc.Arbitrary<string>) =>
  fc.option(fc.oneof({ weight: 3, arbitrary: valid }, { weight: 1, arbitrary: invalid }), { nil: undefined });
const listing = fc
  .record({
    status: param(
      fc.constantFrom('0', '1', '2'),
      fc.oneof(fc.constantFrom('3', '-1', 'x'), fc.string({ maxLength: 3 })),
    ),
    auth_required: param(fc.constantFrom('true', 'false'), fc.constantFrom('1', 'yes', '')),
    page: param(fc.integer({ min: 1, max: 5 }).map(String), fc.constantFrom('0', '-1', '1.5', 'a', '99999999999')),
    page_size: param(fc.integer({ min: 1, max: 100 }).map(String), fc.constantFrom('0', '-1', '101', '1000', 'x')),
  })
  .map((query): Step => {
    const given = Object.entries(query).filter((e): e is [string, string] => e[1] !== undefined);
    return async (c) => [await c.get(`/api/v2/record/?${new URLSearchParams(given)}`)];
  });

const tokenPaths = ['/api/v2/record/{t}/', '/api/v2/record/{t}/questions/', '/api/v2/record/{t}/result/'];
const tokens = fc
  .record({
    path: fc.constantFrom(...tokenPaths, '/api/v2/roadmap/{t}/'),
    token: fc.oneof(
      fc.constant('seeded'),
      fc.uuid(),
      fc.string({ minLength: 1, maxLength: 40 }).filter((t) => t !== '.' && t !== '..'),
    ),
  })
  .map(
    ({ path, token }): Step =>
      async (c) => {
        const real = token === 'seeded' ? await c.record('career-interest', 'finished') : token;
        return [await c.get(path.replace('{t}', encodeURIComponent(real)))];
      },
  );

const KINDS = { recordAuth, roadmapAuth, answers, listing, tokens };

it(`${RUNS} generated requests, valid and invalid: every answer fits the description, none is a 5xx`, async () => {
  const statuses = new Map<string, Set<number>>();
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(SMS_KEY, INSTANT_KEY),
      fc.oneof(...Object.entries(KINDS).map(([kind, arb]) => arb.map((s) => [kind, s] as const))),
      async (as, [kind, step]) => {
        const before = invalidResponses.length;
        const replies = await step(sandbox.as(as));
        for (const r of replies) {
          expect(r.status).toBeLessThan(500);
          const seen = statuses.get(kind) ?? new Set();
          statuses.set(kind, seen.add(r.status));
        }
        expect(invalidResponses.slice(before)).toEqual([]);
      },
    ),
    { numRuns: RUNS },
  );
  // Generated requests that are valid get through: each kind is answered 200 at least once. The run
  // above may draw none for a kind by chance, so such a kind draws on (a bounded number) until one is.
  for (const [kind, arb] of Object.entries(KINDS)) {
    const seen = statuses.get(kind) ?? new Set<number>();
    for (const [i, step] of fc.sample(arb, 100).entries()) {
      if (seen.has(200)) break;
      for (const r of await step(sandbox.as(i % 2 ? SMS_KEY : INSTANT_KEY))) seen.add(r.status);
    }
    expect([kind, seen.has(200)]).toEqual([kind, true]);
  }
});
