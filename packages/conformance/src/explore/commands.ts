import fc from 'fast-check';
import { HarnessShortfall, type Purpose } from '../check.js';
import { answersFor } from '../journey/answers.js';
import { assumedOf, limitsOf, type TestRules } from '../journey/profile.js';
import { readRoadmap } from '../journey/roadmap.js';
import { dataOf } from '../journey/steps.js';
import { Q } from '../quotes.js';
import { type Exchange, isSuccess } from '../types.js';
import { type Held, type HeldRoadmap, Spent, type World } from './world.js';

/** What fast-check's model holds: how many records and roadmaps the sequence has taken. */
export interface Counts {
  records: number;
  roadmaps: number;
}

const PERSIAN = 'ابپتثجچحخدذرزژسشصضطظعغفقکگلمنوهی';

/**
 * A profile input drawn from the stated domain and its edges ("max 50 characters, Persian letters",
 * "11 digits starting `09`", an ISO 8601 date, a boolean), or with one part outside it.
 */
export interface Input {
  name: string;
  /** Years inside the test's age limits, 0..1 of the way from the lower to the upper. */
  at: number;
  /** Day of the year of the birth date (a leap day when the year has one). */
  day: number;
  male: boolean;
  externalId: boolean;
  mobile: '09' | '090' | '099';
  /** Sent outside the domain: which part (the interface refuses it). */
  invalid?: 'mobile-10' | 'name-51' | 'name-latin';
  /** SMS mode: a wrong code first, then the right one. */
  wrongCodeFirst: boolean;
}

const letters = (min: number, max: number) =>
  fc.array(fc.constantFrom(...PERSIAN), { minLength: min, maxLength: max }).map((a) => a.join(''));
/** Names: one word or two, and the 50-character edge (with and without a space). */
const nameArb = fc.oneof(
  letters(2, 20),
  fc.tuple(letters(2, 24), letters(2, 25)).map(([a, b]) => `${a} ${b}`),
  fc.constant('ب'.repeat(50)),
  letters(49, 49).map((a) => `${a.slice(0, 24)} ${a.slice(24)}`),
);
export const inputArb: fc.Arbitrary<Input> = fc.record({
  name: nameArb,
  at: fc.double({ min: 0.1, max: 0.9, noNaN: true }),
  day: fc.oneof(fc.integer({ min: 0, max: 364 }), fc.constant(59)),
  male: fc.boolean(),
  externalId: fc.boolean(),
  mobile: fc.constantFrom('09' as const, '090' as const, '099' as const),
  invalid: fc.oneof(
    { arbitrary: fc.constant(undefined), weight: 4 },
    { arbitrary: fc.constantFrom('mobile-10' as const, 'name-51' as const, 'name-latin' as const), weight: 1 },
  ),
  wrongCodeFirst: fc.boolean(),
});

const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');
const describeInput = (i: Input) =>
  `${i.invalid ?? `name of ${[...i.name].length}`}${i.externalId ? ', external_id' : ''}${i.wrongCodeFirst ? ', a wrong code first' : ''}`;

/**
 * The profile an input stands for, its age and gender inside every test's limits; `inside` is false
 * where the limits leave no age a year clear of both ends (whether they are inclusive: not shown).
 */
function profileOf(w: World, input: Input, tests: TestRules[]) {
  const limits = tests.map((t) => limitsOf(t, w.ctx.profile.test_fields));
  const min = Math.max(0, ...limits.flatMap((l) => (l.min === undefined ? [] : [l.min])));
  const max = Math.min(min + 40, ...limits.flatMap((l) => (l.max === undefined ? [] : [l.max])));
  const genders = new Set(limits.map((l) => l.gender).filter((g) => g !== 'all'));
  const inside = max - min >= 3 && genders.size <= 1 && limits.every((l) => l.known);
  const years = min + 1 + Math.floor(input.at * Math.max(0, max - min - 3));
  const now = new Date(w.ctx.now());
  const birth = new Date(Date.UTC(now.getUTCFullYear() - years - 1, 0, 1 + input.day));
  const gender = limits.find((l) => l.gender !== 'all')?.gender;
  const name =
    input.invalid === 'name-51' ? 'ب'.repeat(51) : input.invalid === 'name-latin' ? 'Ali Rezaei' : input.name;
  const profile = {
    name,
    birth: birth.toISOString().slice(0, 10),
    is_male: gender ? gender === 'men' : input.male,
    ...(input.externalId ? { external_id: w.ctx.externalId() } : {}),
  };
  return { profile, inside };
}
const mobileOf = (input: Input) =>
  input.invalid === 'mobile-10' ? `09${digits(8)}` : `${input.mobile}${digits(11 - input.mobile.length)}`;

/** In SMS mode, after a first call that succeeded: optionally a wrong code, then the right one. */
async function verify(w: World, purpose: Purpose, token: string, mobile: string, first: Exchange, input: Input) {
  let code: string;
  try {
    code = await w.ctx.smsCode({ mobile, token, purpose });
  } catch (error) {
    if (error instanceof HarnessShortfall) throw new Spent(error.message);
    throw error;
  }
  const draft = purpose === 'roadmap' ? dataOf<{ draft_token?: unknown }>(first)?.draft_token : undefined;
  const send = (c: string) =>
    purpose === 'record'
      ? w.call('verifyRecordAuth', { params: { token }, body: { code: c } })
      : w.call('verifyRoadmapAuth', { params: { token }, unchecked: { draft_token: draft ?? '', code: c } });
  if (input.wrongCodeFirst) {
    const wrong = code.replace(/\d$/, (d) => String((Number(d) + 1) % 10));
    await send(wrong === code ? `${code}0` : wrong);
  }
  return send(code);
}

/**
 * A command of a sequence: it acts, then fails the sequence on the first stated contradiction. Where
 * the requests or fixtures of exploration end, the rest of the sequence does nothing.
 */
abstract class Step implements fc.AsyncCommand<Counts, World> {
  abstract check(m: Readonly<Counts>): boolean;
  abstract act(m: Counts, w: World): Promise<void>;
  async run(m: Counts, w: World) {
    if (w.stopped) return;
    try {
      await this.act(m, w);
    } catch (error) {
      if (!(error instanceof Spent)) throw error;
      w.stopped = error.message;
    }
    w.settle();
  }
}

/** A command over the i-th record (of those taken), when there is one. */
abstract class OnRecord extends Step {
  constructor(readonly i: number) {
    super();
  }
  check = (m: Readonly<Counts>) => m.records > 0;
  protected held(w: World): Held {
    return w.records[this.i % w.records.length] as Held;
  }
}

class TakeRecord extends Step {
  check = (m: Readonly<Counts>) => m.records < 4;
  async act(m: Counts, w: World) {
    const token = await w.take('ready');
    const x = await w.call('getRecord', { params: { token } });
    const data = dataOf<Record<string, unknown>>(x);
    w.records.push({
      token,
      test: (data?.test ?? {}) as Record<string, unknown>,
      sms: data?.tests_auth_required !== false,
    });
    m.records = w.records.length;
  }
  override toString = () => 'take a ready record';
}

class TakeRoadmap extends Step {
  check = (m: Readonly<Counts>) => m.roadmaps < 2;
  async act(m: Counts, w: World) {
    const token = await w.take('roadmaps');
    const x = await w.call('getRoadmap', { params: { token } });
    const read = readRoadmap(token, dataOf(x));
    if (typeof read === 'string') throw new Spent(`the roadmap as read: ${read}`);
    const held: HeldRoadmap = {
      token,
      roles: read.roles.map((r) => r.id),
      records: [],
      sms: read.tests_auth_required !== false,
      authenticated: false,
    };
    for (const entry of read.test_records) {
      const detail = dataOf<Record<string, unknown>>(await w.call('getRecord', { params: { token: entry.token } }));
      const role = Number.isInteger(detail?.role) ? (detail?.role as number) : undefined;
      held.records.push({
        token: entry.token,
        roadmap: token,
        role,
        test: (detail?.test ?? {}) as Record<string, unknown>,
        sms: held.sms,
      });
    }
    w.roadmaps.push(held);
    w.records.push(...held.records);
    m.roadmaps = w.roadmaps.length;
    m.records = w.records.length;
  }
  override toString = () => 'take a ready roadmap';
}

class Read extends OnRecord {
  async act(_m: Counts, w: World) {
    await w.call('getRecord', { params: { token: this.held(w).token } });
  }
  override toString = () => `read record ${this.i}`;
}

class ReadRoadmap extends Step {
  constructor(readonly j: number) {
    super();
  }
  check = (m: Readonly<Counts>) => m.roadmaps > 0;
  async act(_m: Counts, w: World) {
    await w.call('getRoadmap', { params: { token: (w.roadmaps[this.j % w.roadmaps.length] as HeldRoadmap).token } });
  }
  override toString = () => `read roadmap ${this.j}`;
}

class List extends Step {
  check = () => true;
  async act(_m: Counts, w: World) {
    await w.call('listRecords', { query: { status: '2', auth_required: 'true' } });
  }
  override toString = () => 'list the ready records (rule 1)';
}

class AuthRecord extends OnRecord {
  constructor(
    i: number,
    readonly input: Input,
  ) {
    super(i);
  }
  async act(_m: Counts, w: World) {
    const r = this.held(w);
    const tests = [r.test as TestRules];
    const mobile = mobileOf(this.input);
    const first = await w.call('authenticateRecord', {
      params: { token: r.token },
      unchecked: { mobile, profile: profileOf(w, this.input, tests).profile },
      assumed: assumedOf(tests, w.ctx.profile.test_fields),
    });
    const last =
      isSuccess(first.response.status) && r.sms ? await verify(w, 'record', r.token, mobile, first, this.input) : first;
    if (isSuccess(last.response.status) && !r.roadmap) w.authenticated.add(r.token);
  }
  override toString = () => `authenticate record ${this.i} (${describeInput(this.input)})`;
}

class AuthRoadmap extends Step {
  constructor(
    readonly j: number,
    readonly input: Input,
  ) {
    super();
  }
  check = (m: Readonly<Counts>) => m.roadmaps > 0;
  async act(_m: Counts, w: World) {
    const map = w.roadmaps[this.j % w.roadmaps.length] as HeldRoadmap;
    const mobile = mobileOf(this.input);
    const drawn = map.roles.map((id) => ({
      id,
      ...profileOf(
        w,
        this.input,
        map.records.filter((r) => r.role === id).map((r) => r.test as TestRules),
      ),
    }));
    const body = { mobile, roles: drawn.map(({ id, profile }) => ({ id, profile })) };
    const tests = map.records.map((r) => r.test as TestRules);
    const first = await w.call('authenticateRoadmap', {
      params: { token: map.token },
      unchecked: body,
      assumed: assumedOf(tests, w.ctx.profile.test_fields),
    });
    const status = first.response.status;
    // What the interface refuses with a stated code: input outside the domain, a second authentication.
    if (this.input.invalid && isSuccess(status))
      w.problem(
        first,
        'explore.invalid-accepted',
        this.input.invalid === 'mobile-10' ? Q.mobileLimit : Q.nameLimit,
        `a roadmap authentication with ${this.input.invalid} was accepted with ${status}; the interface refuses it (400)`,
      );
    else if (map.authenticated && isSuccess(status))
      w.problem(
        first,
        'explore.again-accepted',
        Q.e409again,
        `roadmap ${map.token} was authenticated earlier in this sequence; another authentication was accepted with ${status} (409)`,
      );
    else if (
      !this.input.invalid &&
      !map.authenticated &&
      drawn.every((d) => d.inside) &&
      status >= 400 &&
      status < 500 &&
      status !== 429 &&
      !first.assumed?.length
    )
      w.problem(
        first,
        'explore.valid-refused',
        Q.e400,
        `a roadmap authentication inside the stated domain (${describeInput(this.input)}, ages and genders inside the tests' limits, a fresh mobile) was refused with ${status}`,
      );
    let last = first;
    if (isSuccess(status) && map.sms) last = await verify(w, 'roadmap', map.token, mobile, first, this.input);
    if (isSuccess(last.response.status)) {
      map.authenticated = true;
      for (const r of map.records) w.authenticated.add(r.token);
    }
  }
  override toString = () => `authenticate roadmap ${this.j} (${describeInput(this.input)})`;
}

class Submit extends OnRecord {
  constructor(
    i: number,
    readonly fits: boolean,
  ) {
    super(i);
  }
  async act(_m: Counts, w: World) {
    // The i-th of the records authenticated and not finished, while there are such; else of all (out of order).
    const open = w.records.filter((r) => w.authenticated.has(r.token) && !w.finished.has(r.token));
    const { token } = open.length ? (open[this.i % open.length] as Held) : this.held(w);
    const q = await w.call('getQuestions', { params: { token } });
    // Authenticated, not finished: a 409 is stated for a completed record only, and one record's limit is no other's.
    if (q.response.status === 409 && w.authenticated.has(token) && !w.finished.has(token))
      w.problem(
        q,
        'explore.questions-409',
        Q.q409,
        `the questionnaire of record ${token}, authenticated and not finished in this sequence, was refused with 409`,
      );
    const answers = isSuccess(q.response.status) ? answersFor(dataOf(q) as never) : undefined;
    if (!answers) return;
    const submit = await w.call('submitAnswers', {
      params: { token },
      unchecked: { record: this.fits ? answers : answers.slice(1) },
    });
    if (isSuccess(submit.response.status)) w.finished.add(token);
  }
  override toString = () =>
    `submit record ${this.i} of those open (${this.fits ? 'answers that fit' : 'one answer short'})`;
}

/** What every sequence starts with, so that its commands meet resources at once: a roadmap and a standalone record. */
export async function setUp(w: World): Promise<Counts> {
  const m = { records: 0, roadmaps: 0 };
  await new TakeRoadmap().run(m, w);
  await new TakeRecord().run(m, w);
  return m;
}

const authRoadmap = fc.tuple(fc.nat(1), inputArb).map(([j, input]) => new AuthRoadmap(j, input));
const submit = fc.tuple(fc.nat(5), fc.constantFrom(true, true, true, false)).map(([i, fits]) => new Submit(i, fits));

/**
 * Every command, its arguments drawn: the order, the repeats and the resources are fast-check's to
 * choose. The calls that change state are drawn twice as often as the rest (each sequence ends
 * reading every resource back anyway).
 */
export const commandArbs = [
  fc.constant(new TakeRecord()),
  fc.constant(new TakeRoadmap()),
  fc.nat(5).map((i) => new Read(i)),
  fc.nat(1).map((j) => new ReadRoadmap(j)),
  fc.constant(new List()),
  fc.tuple(fc.nat(5), inputArb).map(([i, input]) => new AuthRecord(i, input)),
  authRoadmap,
  authRoadmap,
  submit,
  submit,
];
