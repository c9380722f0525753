import fc from 'fast-check';
import { HarnessShortfall, type Purpose } from '../check.js';
import { describeRead, readListing } from '../journey/listing.js';
import { assumedOf, limitsOf, type TestRules } from '../journey/profile.js';
import { readRoadmap } from '../journey/roadmap.js';
import { dataOf } from '../journey/steps.js';
import { integer } from '../model/memory.js';
import { Q } from '../quotes.js';
import { type Exchange, isSuccess } from '../types.js';
import { type Held, type HeldRoadmap, Spent, type World } from './world.js';

/** What fast-check's model holds: what the sequence has taken, and what its calls may go to in order. */
export interface Counts {
  records: number;
  roadmaps: number;
  /** Standalone records and roadmaps not yet authenticated. */
  standalone: number;
  fresh: number;
  /** Records authenticated and not finished, and the roadmaps that have such. */
  open: number;
  answering: number;
}

const openOf = (w: World) => w.records.filter((r) => w.authenticated.has(r.token) && !w.finished.has(r.token));
const freshOf = (w: World) => w.roadmaps.filter((m) => !m.authenticated);
const standaloneOf = (w: World) => w.records.filter((r) => !r.roadmap && !w.authenticated.has(r.token));
const answeringOf = (w: World) => w.roadmaps.filter((m) => openOf(w).some((r) => r.roadmap === m.token));
function sync(m: Counts, w: World) {
  m.records = w.records.length;
  m.roadmaps = w.roadmaps.length;
  m.standalone = standaloneOf(w).length;
  m.fresh = freshOf(w).length;
  m.open = openOf(w).length;
  m.answering = answeringOf(w).length;
}
/** The i-th of a list, round. */
const nth = <T>(list: T[], i: number) => list[i % list.length] as T;
const order = (inOrder: boolean) => (inOrder ? '' : ', out of order');
const recordAt = (i: number) => (i === -1 ? 'the last record taken' : `record ${i}${i < 0 ? ' (from the last)' : ''}`);

/** Pages a listing read of exploration takes at most (newest first, its own records are on the first). */
const PAGES = 5;
const isReady = (data: Record<string, unknown> | null | undefined) =>
  integer(data?.status) === 2 && data?.auth_required === true;

export const PERSIAN = 'ابپتثجچحخدذرزژسشصضطظعغفقکگلمنوهی';

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
    code = await w.ctx.smsCode({ mobile, token, purpose, key: w.key });
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
    // A refused call changes nothing: read back before the right code changes it.
    await w.readDirty(false);
    w.settle();
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
    w.steps.push(String(this));
    try {
      await this.act(m, w);
      // What it may have changed of its records and their siblings, read back at once (a refusal's too).
      if (!w.problems.length) await w.readDirty(false);
    } catch (error) {
      if (!(error instanceof Spent)) throw error;
      w.stopped = error.message;
    } finally {
      sync(m, w);
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
  /** The i-th record taken; a negative i counts from the last. */
  protected held(w: World): Held {
    return w.records.at(this.i % w.records.length) as Held;
  }
}

export class TakeRecord extends Step {
  check = (m: Readonly<Counts>) => m.records < 4;
  async act(_m: Counts, w: World) {
    const spare = w.reuse('records');
    if (spare) {
      const held = structuredClone(spare.held) as Held;
      w.reads.set(held.token, spare.reads);
      w.records.push(held);
    } else {
      const token = await w.take('ready');
      const x = await w.call('getRecord', { params: { token } });
      const data = dataOf<Record<string, unknown>>(x);
      w.reads.set(token, [x]);
      w.records.push({
        token,
        test: (data?.test ?? {}) as Record<string, unknown>,
        sms: data?.tests_auth_required !== false,
        ready: isReady(data),
      });
    }
  }
  override toString = () => 'take a ready record';
}

class TakeRoadmap extends Step {
  check = (m: Readonly<Counts>) => m.roadmaps < 2;
  async act(_m: Counts, w: World) {
    const spare = w.reuse('roadmaps');
    const held = spare ? (structuredClone(spare.held) as HeldRoadmap) : await readHeld(w, await w.take('roadmaps'));
    if (spare) w.reads.set(held.token, spare.reads);
    w.roadmaps.push(held);
    w.records.push(...held.records);
  }
  override toString = () => 'take a ready roadmap';
}

/** A roadmap as read, and each of its records' details (their roles and tests). */
async function readHeld(w: World, token: string): Promise<HeldRoadmap> {
  const x = await w.call('getRoadmap', { params: { token } });
  const reads = [x];
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
    const r = await w.call('getRecord', { params: { token: entry.token } });
    reads.push(r);
    const detail = dataOf<Record<string, unknown>>(r);
    const role = Number.isInteger(detail?.role) ? (detail?.role as number) : undefined;
    held.records.push({
      token: entry.token,
      roadmap: token,
      role,
      test: (detail?.test ?? {}) as Record<string, unknown>,
      sms: held.sms,
      ready: isReady(detail),
    });
  }
  w.reads.set(token, reads);
  return held;
}

export class Read extends OnRecord {
  async act(_m: Counts, w: World) {
    await w.call('getRecord', { params: { token: this.held(w).token } });
  }
  override toString = () => `read ${recordAt(this.i)}`;
}

export class ReadRoadmap extends Step {
  constructor(readonly j: number) {
    super();
  }
  check = (m: Readonly<Counts>) => m.roadmaps > 0;
  async act(_m: Counts, w: World) {
    await w.call('getRoadmap', { params: { token: (w.roadmaps[this.j % w.roadmaps.length] as HeldRoadmap).token } });
  }
  override toString = () => `read roadmap ${this.j}`;
}

/** A record's result (its path is not shown: the profile's, else the description's); whatever it says is held. */
export class Result extends OnRecord {
  async act(_m: Counts, w: World) {
    await w.call('getResult', { params: { token: this.held(w).token } });
  }
  override toString = () => `read the result of ${recordAt(this.i)}`;
}

export class List extends Step {
  check = () => true;
  /** The filtered listing, read until it shows every record held ready (standalone and roadmap records alike) or ends. */
  async act(_m: Counts, w: World) {
    const ready = w.records.filter((r) => r.ready && !w.changed(r)).map((r) => r.token);
    const listed = (records: { token: string }[]) => ready.filter((t) => !records.some((r) => r.token === t));
    const read = await readListing(w.context, {
      filter: { status: '2', auth_required: 'true' },
      maxPages: PAGES,
      until: (records) => listed(records).length === 0,
    });
    const missing = listed(read.records);
    // Only a listing read to its end (its own paging says so) shows what it leaves out.
    if (read.complete && missing.length)
      w.problem(
        read.last,
        'explore.unlisted',
        Q.rule1,
        `record ${missing.join(', ')}, read ready (status 2, auth_required true) and changed by no call since, is not in the listing filtered by status 2 and auth_required true: ${describeRead(read)}`,
      );
  }
  override toString = () => 'list the ready records (rule 1) until those held ready show';
}

/** In order: a standalone record not yet authenticated; out of order: any (a roadmap's, one authenticated). */
export class AuthRecord extends OnRecord {
  constructor(
    i: number,
    readonly input: Input,
    readonly inOrder: boolean,
  ) {
    super(i);
  }
  override check = (m: Readonly<Counts>) => (this.inOrder ? m.standalone > 0 : m.records > 0);
  async act(_m: Counts, w: World) {
    const r = this.inOrder ? nth(standaloneOf(w), this.i) : this.held(w);
    const tests = [r.test as TestRules];
    const mobile = mobileOf(this.input);
    const { profile, inside } = profileOf(w, this.input, tests);
    const first = await w.call('authenticateRecord', {
      params: { token: r.token },
      unchecked: { mobile, profile },
      assumed: assumedOf(tests, w.ctx.profile.test_fields),
    });
    const fresh = !r.roadmap && !w.authenticated.has(r.token);
    judgeDomain(w, first, this.input, fresh && inside, 'a record authentication', Q.standaloneAuth);
    const last =
      isSuccess(first.response.status) && r.sms ? await verify(w, 'record', r.token, mobile, first, this.input) : first;
    if (isSuccess(last.response.status) && !r.roadmap) w.authenticated.add(r.token);
  }
  override toString = () => `authenticate record ${this.i} (${describeInput(this.input)}${order(this.inOrder)})`;
}

/**
 * An authentication's first answer against the input's domain: outside it, a 400 is stated (the
 * limits are stated for roadmap authentication only); inside it, to a resource not yet authenticated
 * and on no assumption of the suite's, a refusal (4xx but 429) is a stated failure.
 */
function judgeDomain(w: World, first: Exchange, input: Input, judged: boolean, what: string, quote: string) {
  const status = first.response.status;
  if (input.invalid || !judged || status < 400 || status >= 500 || status === 429 || first.assumed?.length) return;
  refusedValid(
    w,
    first,
    quote,
    `${what} inside the stated domain (${describeInput(input)}, ages and genders inside the tests' limits, a fresh mobile) was refused with ${status}`,
  );
}

/**
 * A refusal of a call the sequence expected to succeed: stated where the model, from a quote,
 * predicts success (its records read in the state it needs, no limit it cannot count); else a note.
 */
function refusedValid(w: World, x: Exchange, quote: string, message: string, id = 'explore.valid-refused') {
  const why = w.model.unpredicted(x);
  if (why) w.ctx.expect(false, `${message}, where the model predicts nothing: ${why}`, x, true);
  else w.problem(x, id, quote, message);
}

/** In order: a roadmap not yet authenticated; out of order: any (a second authentication). */
export class AuthRoadmap extends Step {
  constructor(
    readonly j: number,
    readonly input: Input,
    readonly inOrder: boolean,
  ) {
    super();
  }
  check = (m: Readonly<Counts>) => (this.inOrder ? m.fresh > 0 : m.roadmaps > 0);
  async act(_m: Counts, w: World) {
    const map = nth(this.inOrder ? freshOf(w) : w.roadmaps, this.j);
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
    else
      judgeDomain(
        w,
        first,
        this.input,
        !map.authenticated && drawn.every((d) => d.inside),
        'a roadmap authentication',
        Q.e400,
      );
    let last = first;
    if (isSuccess(status) && map.sms) last = await verify(w, 'roadmap', map.token, mobile, first, this.input);
    if (isSuccess(last.response.status)) {
      map.authenticated = true;
      for (const r of map.records) w.authenticated.add(r.token);
    }
  }
  override toString = () => `authenticate roadmap ${this.j} (${describeInput(this.input)}${order(this.inOrder)})`;
}

/** Answers drawn from a questionnaire's own domain: any of each question's options, a drawn text; `known` when every one is. */
function drawnAnswers(questionnaire: unknown, pick: number, text: string) {
  const questions = (questionnaire as { questions?: unknown } | undefined)?.questions;
  if (!Array.isArray(questions)) return undefined;
  let known = true;
  const answers = questions.map((q: { answer?: { text?: unknown; options?: unknown } } | null, n) => {
    if (q?.answer?.text === true) return text;
    const options = Array.isArray(q?.answer?.options) ? (q.answer.options as { id?: unknown }[]) : [];
    const id = options[(pick + n * 7) % Math.max(1, options.length)]?.id;
    if (typeof id === 'number') return id;
    known = false;
    return 0;
  });
  return { answers, known };
}

/** Answers to be drawn: whether they fit (or are one short), which options, what text. */
export interface Answers {
  fits: boolean;
  pick: number;
  text: string;
}
const answersArb: fc.Arbitrary<Answers> = fc.record({
  fits: fc.constantFrom(true, true, true, true, true, false),
  pick: fc.nat(99),
  text: letters(1, 30),
});

/** Reads a record's questionnaire and submits drawn answers; what the interface rules out fails the sequence. */
async function submit(w: World, token: string, a: Answers) {
  const q = await w.call('getQuestions', { params: { token } });
  const ready = w.authenticated.has(token) && !w.finished.has(token);
  // Authenticated, not finished: a 409 is stated for a completed record only, and one record's limit is no other's.
  if (q.response.status === 409 && ready)
    refusedValid(
      w,
      q,
      Q.q409,
      `the questionnaire of record ${token}, authenticated and not finished in this sequence, was refused with 409`,
      'explore.questions-409',
    );
  const drawn = isSuccess(q.response.status) ? drawnAnswers(dataOf(q), a.pick, a.text) : undefined;
  if (!drawn) return;
  const x = await w.call('submitAnswers', {
    params: { token },
    unchecked: { record: a.fits ? drawn.answers : drawn.answers.slice(1) },
  });
  const status = x.response.status;
  if (isSuccess(status)) w.finished.add(token);
  else if (ready && a.fits && drawn.known && status >= 400 && status < 500 && status !== 429)
    refusedValid(
      w,
      x,
      Q.oId,
      `answers of record ${token}'s own questionnaire, one per question in order, each an option's id or a text, were refused with ${status}`,
    );
}
const describeAnswers = (a: Answers) =>
  `${a.fits ? 'answers that fit' : 'one answer short'}, options drawn at ${a.pick}`;

/** In order: a record authenticated and not finished; out of order: any (before authentication, a second time). */
export class Submit extends OnRecord {
  constructor(
    i: number,
    readonly answers: Answers,
    readonly inOrder: boolean,
  ) {
    super(i);
  }
  override check = (m: Readonly<Counts>) => (this.inOrder ? m.open > 0 : m.records > 0);
  async act(_m: Counts, w: World) {
    await submit(w, (this.inOrder ? nth(openOf(w), this.i) : this.held(w)).token, this.answers);
  }
  override toString = () => `submit record ${this.i} (${describeAnswers(this.answers)}${order(this.inOrder)})`;
}

/** The loop the interface gives after a roadmap's authentication: each of its records' questions and answers, its siblings read back between. */
export class SubmitRoadmap extends Step {
  constructor(
    readonly j: number,
    readonly answers: Answers,
    readonly inOrder: boolean,
  ) {
    super();
  }
  check = (m: Readonly<Counts>) => (this.inOrder ? m.answering > 0 : m.roadmaps > 0);
  async act(_m: Counts, w: World) {
    const map = nth(this.inOrder ? answeringOf(w) : w.roadmaps, this.j);
    for (const r of map.records) {
      await w.readDirty(false);
      w.settle();
      await submit(w, r.token, this.answers);
    }
  }
  override toString = () =>
    `submit each record of roadmap ${this.j} (${describeAnswers(this.answers)}${order(this.inOrder)})`;
}

/** What every sequence starts with, so that its commands meet resources at once: a roadmap and a standalone record. */
export async function setUp(w: World): Promise<Counts> {
  const m = { records: 0, roadmaps: 0, standalone: 0, fresh: 0, open: 0, answering: 0 };
  await new TakeRoadmap().run(m, w);
  await new TakeRecord().run(m, w);
  return m;
}

/**
 * Every command, its arguments drawn, weighted toward the calls that change state (each sequence
 * ends reading back what they may have changed): the order, the repeats and the resources are
 * fast-check's to choose.
 */
export const commandArb: fc.Arbitrary<fc.AsyncCommand<Counts, World>> = fc.oneof(
  { weight: 1, arbitrary: fc.constant(new TakeRecord()) },
  { weight: 1, arbitrary: fc.constant(new TakeRoadmap()) },
  { weight: 1, arbitrary: fc.nat(5).map((i) => new Read(i)) },
  { weight: 1, arbitrary: fc.nat(1).map((j) => new ReadRoadmap(j)) },
  { weight: 1, arbitrary: fc.constant(new List()) },
  { weight: 1, arbitrary: fc.nat(5).map((i) => new Result(i)) },
  // In order: drawn often, and skipped at no cost while nothing fits; out of order: now and then.
  ...[true, false].flatMap((inOrder) => [
    {
      weight: inOrder ? 3 : 1,
      arbitrary: fc.tuple(fc.nat(5), inputArb).map(([i, x]) => new AuthRecord(i, x, inOrder)),
    },
    {
      weight: inOrder ? 4 : 1,
      arbitrary: fc.tuple(fc.nat(1), inputArb).map(([j, x]) => new AuthRoadmap(j, x, inOrder)),
    },
    { weight: inOrder ? 3 : 1, arbitrary: fc.tuple(fc.nat(5), answersArb).map(([i, a]) => new Submit(i, a, inOrder)) },
    {
      weight: inOrder ? 4 : 1,
      arbitrary: fc.tuple(fc.nat(1), answersArb).map(([j, a]) => new SubmitRoadmap(j, a, inOrder)),
    },
  ]),
);
