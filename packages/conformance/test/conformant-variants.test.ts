import { describe, expect, it } from 'vitest';
import { type RunResult, run } from '../src/run.js';
import { described } from './described-once.js';
import { FAULTS, MAIN_KEY, OTHER_KEY } from './faults/faults.js';
import type { Fault } from './faults/proxy.js';
import { type Allowed, ALLOWED as FIRST } from './variants/allowed.js';
import { CHOICES } from './variants/choices.js';
import { limiter, withStack } from './variants/stack.js';

const ALLOWED = [...FIRST, ...CHOICES];

// A 429 is waited out on a clock that only pretends; the slow variant's delay is real.
const clock = { now: () => Date.now(), sleep: async () => {} };
const KEYS = [
  [MAIN_KEY, OTHER_KEY],
  [OTHER_KEY, MAIN_KEY],
] as const;

/** A sandbox behind the faulty layer (when given) behind the allowed variant's: a deployment with both. */
const withVariant = <T>(allowed: Fault, fault: Fault | undefined, use: (url: string) => Promise<T>) =>
  withStack(fault ? [fault, allowed] : [allowed], use);

// At most 2 sandboxes at once: the machine is shared (with test/faults.test.ts among others).
const limited = limiter(2);

const runWith = (baseUrl: string, [apiKey, otherApiKey]: readonly [string, string], only?: string[]) =>
  run({ baseUrl, apiKey, otherApiKey, provision: 'sandbox', rate: false, clock, only, ...described });

const stated = (result: RunResult) =>
  result.results.flatMap((r) => r.findings.filter((f) => !f.assumed).map((f) => `${r.id}: ${f.message}`));

describe('a deployment that differs from the sandbox only where the interface allows conforms, with both keys', () => {
  it.concurrent.each(ALLOWED)('%s', async (_name, allowed, _why, only) => {
    const results = await limited(() =>
      withVariant(allowed(), undefined, async (url) => {
        const out: RunResult[] = [];
        for (const keys of KEYS) out.push(await runWith(url, keys, only));
        return out;
      }),
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
      if (rule1 && /no convention names/.test(_name))
        expect([rule1.reason ?? '', ...own].join('\n'), 'listing-rule-1').toMatch(
          /^could not judge: .*\{hits, slice, more\}/m,
        );
      else if (rule1) {
        expect(rule1.outcome, `listing-rule-1: ${rule1.reason ?? ''}`).not.toBe('skip');
        expect(own, 'listing-rule-1 findings').toEqual([]);
      }
    }
  });
});

const LISTING_FAULTS = /^(rule 1: the filtered listing|the listing filter ignored|another organizer reads)/;

/** Stated faults layered under an allowed variant: each must still fail, and name its rule. */
const byName = (name: string) => ALLOWED.find(([n]) => n.startsWith(name)) as Allowed;
const LAYERED: [allowed: Allowed, faults: typeof FAULTS][] = [
  [byName('error messages'), FAULTS.filter(([, , , verdict]) => verdict === 'stated')],
  [
    byName('extra fields'),
    FAULTS.filter(([name]) => /^(rule 2|a finished record has no submit_on|rule 1|another organizer reads)/.test(name)),
  ],
  // Each other choice, with the stated faults closest to what it changes.
  ...(
    [
      [
        '201 for',
        /^(a second roadmap authentication not refused|rule 2: auth_required stays true|a duplicate external_id)/,
      ],
      // (Its 415 answers every body that is not JSON first: a 500 for them cannot be layered under it.)
      ['415 for', /^(validation off)/],
      ['unknown body fields', /^(a 12-digit mobile|a Latin name accepted|an empty roles array)/],
      ['a listing of 5', /^(rule 1: the filtered listing shows a finished record|the listing filter ignored)/],
      // The listing faults reach the suite through each listing's own shape and paging.
      ...(['{total, page', '{items, next_cursor}', 'offset and limit', 'paged by a Link header'] as const).map(
        (shape) => [`a listing ${shape.startsWith('paged') ? '' : 'of '}${shape}`, LISTING_FAULTS] as const,
      ),
      ['ages derived on the calendar day of Pacific', /^(a profile's age)/],
      ['ages derived on the calendar day of Asia', /^(a profile's age)/],
      [
        'roadmaps listing test_records as bare',
        /^(a roadmap record without its role|rule 3: record auth of a roadmap record|an age outside the limits accepted)/,
      ],
      [
        'roadmaps whose test_records entries',
        /^(a roadmap record without its role|a second roadmap authentication not)/,
      ],
      [
        'record authentication and verify answering',
        /^(a second record authentication accepted|a second verify accepted|rule 2: auth_required stays true)/,
      ],
      ['a listing of a shape no convention', /^(a second verify accepted|another organizer reads)/],
      ['questionnaires without preface', /^(the questionnaire names another test_id|questions wrapped in sections)/],
      ['403 for a key', /^(another organizer reads|a request without a key is accepted)/],
      ['a token that is no UUID', /^(an unknown path answers 200|questions before authentication answer 404)/],
      ['timestamps at', /^(a finished record has no submit_on)/],
      [
        'SMS codes of another length',
        /^(a second verify accepted|a roadmap's draft_token and code accepted twice|an old draft_token)/,
      ],
      ['option ids from 0', /^(an answer the question does not offer accepted|a submission one answer short accepted)/],
      ['a mobile duplicate limit of 3', /^(a 10-digit mobile accepted|an age outside the limits accepted)/],
      ['role ids from 101', /^(a roadmap record without its role|rule 3: record auth of a roadmap record)/],
    ] as const
  ).map(([name, faults]): [Allowed, typeof FAULTS] => [byName(name), FAULTS.filter(([f]) => faults.test(f))]),
  [
    byName('a 429'),
    FAULTS.filter(([name]) =>
      /^(a request without a key is accepted|a submission one answer short accepted)/.test(name),
    ),
  ],
];

describe('a faulty server still fails when it also differs where the interface allows', () => {
  it('every variant has faults layered under it', () => {
    for (const [allowed, faults] of LAYERED) expect(faults.length, allowed[0]).toBeGreaterThan(0);
  });

  const cases = LAYERED.flatMap(([allowed, faults]) =>
    faults.map(([fault, f, rule]) => [`${allowed[0]} + ${fault}`, allowed, f, rule] as const),
  );
  it.concurrent.each(cases)('%s', async (_name, allowed, fault, rule) => {
    // Only the check that must catch the fault (a response rule judges every check's answers: all of them).
    const only = rule.startsWith('response.') ? undefined : [rule];
    const result = await limited(() => withVariant(allowed[1](), fault, (url) => runWith(url, KEYS[0], only)));
    expect(result.aborted).toBeUndefined();
    expect(result.conforms).toBe(false);
    const named = result.results.flatMap((r) => r.findings.filter((f) => f.rule === rule && !f.assumed));
    expect(named.length, `no stated finding names ${rule}`).toBeGreaterThan(0);
  });
});
