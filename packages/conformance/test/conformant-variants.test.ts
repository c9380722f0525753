import { startSandbox } from '@tas/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunResult } from '../src/run.js';
import { type Layered, layered } from './faults/layered.js';
import { type Fault, startFaultStack } from './faults/proxy.js';
import { type Allowed, ALLOWED as FIRST } from './variants/allowed.js';
import { CHOICES } from './variants/choices.js';
import { AXES } from './variants/generate.js';
import { KEYS, runOn, stated } from './variants/run.js';
import { limiter, withStack } from './variants/stack.js';

const ALLOWED = [...FIRST, ...CHOICES];
/** The generator's alternatives (test/variants/generate.ts), among them most hand-written choices: a breach may be layered under one. */
const GENERATED: Allowed[] = AXES.flatMap((a) => a.alternatives.map((x): Allowed => [x.name, x.layer, a.id]));
const isGenerated = (name: string) => GENERATED.some(([n]) => n === name);

// At most 2 sandboxes at once: the machine is shared (with test/faults.test.ts among others).
const limited = limiter(2);

const runWith = (baseUrl: string, keys: readonly [string, string], only?: string[]) => runOn(baseUrl, keys, { only });

const byName = (name: string) => [...ALLOWED, ...GENERATED].find(([n]) => n.startsWith(name)) as Allowed;

/**
 * The hand-written variants the generator does not lay (test/generated-variants.test.ts lays the
 * rest), laid together: each deployment differs from the sandbox in several allowed ways at once and
 * must conform with both keys, with no profile. An ignorer of unknown query parameters reads no
 * listing of other parameters, as the generator's are; the listing no reader can read stands alone
 * (its checks could not judge, which would hide another's), and so does the slow one (its own few checks).
 */
const GROUPS: string[][] = [
  ['unknown body fields', 'extra fields', 'error messages'],
  ['a listing of a shape no convention'],
  ['200 ms a request'],
];
const DEPLOYMENTS = GROUPS.map((names) => names.map(byName));

describe('a deployment that differs from the sandbox only where the interface allows conforms, with both keys', () => {
  it('every hand-written variant is laid in exactly one deployment here, or is an alternative of the generator', () => {
    for (const [name] of ALLOWED)
      expect(DEPLOYMENTS.flat().filter(([n]) => n === name).length + Number(isGenerated(name)), name).toBe(1);
  });

  it.concurrent.each(DEPLOYMENTS.map((variants) => [variants.map(([n]) => n).join(' + '), variants] as const))(
    '%s',
    async (name, variants) => {
      const only = variants.find((v) => v[3])?.[3];
      // The slow deployment mostly waits out its delay: it takes no slot from the runs that use the CPU.
      const slot = only ? <T>(work: () => Promise<T>) => work() : limited;
      const results = await slot(() =>
        withStack(
          variants.map(([, fault]) => fault()),
          async (url) => {
            const out: RunResult[] = [];
            for (const keys of Object.values(KEYS)) out.push(await runWith(url, keys, only));
            return out;
          },
        ),
      );
      for (const result of results) {
        expect(stated(result), 'stated failures').toEqual([]);
        expect(result.aborted).toBeUndefined();
        expect(result.conforms).toBe(true);
        // The checks ran to a verdict: none stopped, and only those of the other organizer mode were skipped.
        expect(result.results.filter((r) => r.reason?.startsWith('not run'))).toEqual([]);
        expect(result.summary.pass + result.summary.warn).toBeGreaterThanOrEqual(only ? only.length - 2 : 40);
        // Rule 1 is judged through every listing the suite can read, and not judged through one it cannot.
        const rule1 = result.results.find((r) => r.id === 'listing-rule-1');
        const own = (rule1?.findings ?? []).filter((f) => f.rule === 'listing-rule-1').map((f) => f.message);
        if (rule1 && /no convention names/.test(name))
          expect([rule1.reason ?? '', ...own].join('\n'), 'listing-rule-1').toMatch(
            /^could not judge: .*\{hits, slice, more\}/m,
          );
        else if (rule1) {
          expect(rule1.outcome, `listing-rule-1: ${rule1.reason ?? ''}`).not.toBe('skip');
          expect(own, 'listing-rule-1 findings').toEqual([]);
        }
      }
    },
  );
});

/**
 * Breaches layered under an allowed variant: each must still fail as stated. A third run of a breach
 * (after its own and, for the bespoke faults, none other) proves one thing only: that what the variant
 * changes does not hide it. So each variant gets the breaches closest to what it changes, and no more.
 */
const LISTING = [
  'rule.1: revalue listRecords /data/results/0/status',
  'rule 1: the filtered listing leaves out the newest ready record',
  'the listing filter ignored',
  'tenancy.record: leak getRecord',
];
const LAYERED: [allowed: Allowed, cases: Layered[]][] = [
  [
    // It reads the token before the body, so refusals come in another order.
    byName('looks the token up before it validates the body'),
    [
      'validation off: any malformed body or parameter accepted',
      'a 10-digit mobile accepted',
      'roadmap-auth.token: accept getRoadmap (invalid_parameter)',
      'rule.3: accept authenticateRecord (roadmap_record)',
    ].map(layered),
  ],
  ...(
    [
      // The messages are read for nothing stated: a refusal is told by its status, whatever its messages say.
      [
        'error messages',
        [
          'rule.3: accept authenticateRecord (roadmap_record)',
          'error.questions.409: recode getQuestions (record_finished) as 403',
          'limit.answers.submit: accept submitAnswers (invalid_answers)',
          'a 12-digit mobile that keeps the 09 prefix accepted',
        ],
      ],
      [
        'extra fields',
        [
          'rule.2.auth_required: revalue getRecord /data/auth_required',
          'state.finished: revalue getRecord /data/submit_on',
          'rule.1: revalue listRecords /data/results/0/status',
          'tenancy.record: leak getRecord',
        ],
      ],
      [
        '201 for',
        [
          'error.roadmap-auth.409.again: recode authenticateRoadmap (already_authenticated) as 400',
          'rule.2.auth_required: revalue getRecord /data/auth_required',
          'error.roadmap-auth.409.external_id: accept authenticateRoadmap (duplicate_external_id) [instant]',
        ],
      ],
      // (Its 415 answers every body that is not JSON first: a 500 for them cannot be layered under it.)
      ['415 for', ['validation off: any malformed body or parameter accepted']],
      [
        'unknown body fields',
        [
          'a 12-digit mobile that keeps the 09 prefix accepted',
          'a Latin name accepted',
          'roadmap-auth.roles.min: accept authenticateRoadmap',
        ],
      ],
      ['a listing of 5', ['rule.1: revalue listRecords /data/results/0/status', 'the listing filter ignored']],
      // The listing breaches reach the suite through each listing's own shape and paging.
      ['a listing of {total, page', LISTING],
      ['a listing of {items, next_cursor}', LISTING],
      ['a listing of offset and limit', LISTING],
      ['a listing paged by a Link header', LISTING],
      [
        'ages derived on the calendar day of Pacific',
        ["a profile's age as the plain difference of years", 'profile.age: revalue getRecord /data/profile/age'],
      ],
      [
        'ages derived on the calendar day of Asia',
        ["a profile's age as the plain difference of years", 'profile.age: revalue getRecord /data/profile/age'],
      ],
      [
        'roadmaps listing test_records as bare',
        [
          'record.role.roadmap: revalue getRecord /data/role',
          'rule.3: accept authenticateRecord (roadmap_record)',
          'error.roadmap-auth.400.age: accept authenticateRoadmap (age_gender_mismatch)',
        ],
      ],
      [
        'roadmaps whose test_records entries',
        [
          'record.role.roadmap: revalue getRecord /data/role',
          'error.roadmap-auth.409.again: recode authenticateRoadmap (already_authenticated) as 400',
        ],
      ],
      [
        'record authentication and verify answering',
        [
          'state.ready.auth-once: accept authenticateRecord (already_authenticated)',
          'state.ready.verify-once: accept verifyRecordAuth (already_authenticated)',
          'rule.2.auth_required: revalue getRecord /data/auth_required',
        ],
      ],
      [
        'a listing of a shape no convention',
        ['state.ready.verify-once: accept verifyRecordAuth (already_authenticated)', 'tenancy.record: leak getRecord'],
      ],
      [
        'questionnaires without preface',
        [
          'consistency.test_id: revalue getQuestions /data/test_id',
          'questions.flat: revalue getQuestions /data/questions',
        ],
      ],
      [
        '401 without a key, 403 to an unknown one',
        [
          'tenancy.record: leak getRecord',
          'tenancy.result: leak getResult',
          'auth.key.required: accept listRecords (missing_api_key)',
        ],
      ],
      [
        'a token that is no UUID',
        ['version.path: accept * (not_found)', 'error.questions.403: recode getQuestions (not_authenticated) as 404'],
      ],
      ['timestamps at', ['state.finished: revalue getRecord /data/submit_on']],
      [
        'SMS codes of another length',
        [
          'state.ready.verify-once: accept verifyRecordAuth (already_authenticated)',
          'error.roadmap-auth.409.again: accept verifyRoadmapAuth (already_authenticated)',
          'limit.draft_token: accept verifyRoadmapAuth (draft_expired)',
        ],
      ],
      [
        'option ids from 0',
        [
          'an answer the question does not offer accepted',
          'limit.answers.submit: accept submitAnswers (invalid_answers)',
        ],
      ],
      [
        'a mobile duplicate limit of 3',
        ['a 10-digit mobile accepted', 'error.roadmap-auth.400.age: accept authenticateRoadmap (age_gender_mismatch)'],
      ],
      [
        'role ids from 101',
        ['record.role.roadmap: revalue getRecord /data/role', 'rule.3: accept authenticateRecord (roadmap_record)'],
      ],
      [
        'every 9th request answered 429 with retry-after',
        [
          'auth.key.required: accept listRecords (missing_api_key)',
          'limit.answers.submit: accept submitAnswers (invalid_answers)',
        ],
      ],
      // It answers a request without a key itself: what it changes is the answers of the other key's reads.
      [
        '403 without a key, 401 to an unknown one',
        ['tenancy.record: leak getRecord', 'tenancy.result: leak getResult'],
      ],
    ] as const
  ).map(([name, cases]): [Allowed, Layered[]] => [byName(name), cases.map(layered)]),
];

describe('a faulty server still fails when it also differs where the interface allows', () => {
  it('every allowed variant has breaches layered under it', () => {
    for (const [name] of ALLOWED)
      if (!name.startsWith('200 ms'))
        expect(
          LAYERED.some(([allowed]) => allowed[0] === name),
          name,
        ).toBe(true);
  });

  const cases = LAYERED.flatMap(([allowed, breaches]) =>
    breaches.map((b) => [`${allowed[0]} + ${b.name}`, allowed, b] as const),
  );
  // One sandbox for the layered runs (a proxy of their own over it each), but where the check moves
  // the sandbox's clock or the breach needs the newest record to be its own run's.
  let shared: Awaited<ReturnType<typeof startSandbox>> | undefined;
  beforeAll(async () => {
    shared = await startSandbox({ port: 0, rateLimit: false });
  });
  afterAll(async () => {
    await shared?.close();
  });
  const alone = (b: Layered) => b.only.includes('draft-token-expiry') || b.name.includes('leaves out the newest');
  async function underShared<T>(layers: Fault[], use: (url: string) => Promise<T>): Promise<T> {
    const proxy = await startFaultStack(shared?.url as string, layers);
    try {
      return await use(proxy.url);
    } finally {
      await proxy.close();
    }
  }

  it.concurrent.each(cases)('%s', async (_name, allowed, b) => {
    const keys = b.instant ? KEYS.instant : KEYS.sms;
    const layers = [b.fault(), allowed[1]()];
    const under = alone(b) ? withStack : underShared;
    const result = await limited(() => under(layers, (url) => runWith(url, keys, b.only)));
    expect(result.aborted).toBeUndefined();
    expect(result.conforms).toBe(false);
    const named = result.results.flatMap((r) => r.findings.filter((f) => b.judges.includes(f.rule) && !f.assumed));
    expect(named.length, `no stated finding names ${b.judges.join(' or ')}`).toBeGreaterThan(0);
  });
});
