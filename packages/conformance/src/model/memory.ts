import { entryTokenOf, roleIdOf } from '../journey/roadmap.js';
import { recordsOf } from '../journey/steps.js';
import { Q } from '../quotes.js';
import type { ModelOperation } from './interface.js';

/** One request and its answer (a run's, or traffic a proxy passed); `operationId` names the unstated paths (the listing). */
export interface ModelExchange {
  request: { method: string; url: string; body?: string };
  response: { status: number; text: string; json?: unknown };
  operationId?: string;
}

/** A stated contradiction, with its quote and the exchanges behind it (the one that made the prediction first). */
export interface ModelVerdict {
  id: string;
  quote: string;
  message: string;
  exchanges: ModelExchange[];
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
type Read = (v: unknown) => string | undefined;

/** An integer, or digits in a string (the type is the response rules' to judge, not the model's). */
export const integer = (v: unknown) =>
  Number.isInteger(v) ? (v as number) : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : undefined;
const int: Read = (v) => integer(v)?.toString();
const bool: Read = (v) => (typeof v === 'boolean' ? String(v) : undefined);
const str: Read = (v) => (typeof v === 'string' ? JSON.stringify(v) : undefined);
/** An instant to the second (two answers may differ in precision and zone, not in the time). */
const instant: Read = (v) => {
  // A date alone, or a time with no zone, is no instant: read against another answer's, it could contradict by accident.
  const ms = typeof v === 'string' && /\d[T ]\d{2}:\d{2}.*(Z|[+-]\d{2}:?\d{2})$/i.test(v) ? Date.parse(v) : Number.NaN;
  return Number.isNaN(ms) ? undefined : new Date(Math.floor(ms / 1000) * 1000).toISOString();
};
const orNull =
  (read: Read): Read =>
  (v) =>
    v === null ? 'null' : read(v);
/** An object that reads as a record: a token with a record's state (a profile has a token, no status). */
const isRecord = (v: unknown): v is Json =>
  isObject(v) && typeof v.token === 'string' && ('status' in v || 'auth_required' in v || 'test_id' in v);
/** A name as a person reads it: spacing, Unicode form, and the Arabic forms of ی and ک folded. */
const name: Read = (v) =>
  typeof v === 'string'
    ? JSON.stringify(
        v
          .normalize('NFC')
          .replace(/\u200c/g, '')
          .replace(/\s+/g, ' ')
          .trim()
          .replace(/ي/g, 'ی')
          .replace(/ك/g, 'ک'),
      )
    : undefined;
/** A date of birth: its ISO date, when the answer shows one (a date, or midnight of it). */
const date: Read = (v) =>
  typeof v === 'string' ? /^(\d{4}-\d{2}-\d{2})(T00:00(:00(\.0+)?)?Z?)?$/.exec(v)?.[1] : undefined;
/** A mobile number by its last ten digits (`09…`, `+989…` and `989…` name one number). */
const mobile: Read = (v) => (typeof v === 'string' && /^\+?\d{10,13}$/.test(v) ? v.slice(-10) : undefined);

/** What changes a field: authentication, finishing; nothing when absent (it names the record). */
type Change = 'auth' | 'start' | 'finish';

/** The stated fields of a record the model holds, each read in the model's terms, with its quote. */
const RECORD: Record<string, { read: Read; quote: string; changes?: Change }> = {
  token: { read: (v) => (typeof v === 'string' ? v.toLowerCase() : undefined), quote: Q.recordToken },
  test_id: { read: str, quote: Q.testId },
  test_title: { read: str, quote: Q.testTitle },
  role: { read: orNull(int), quote: Q.role },
  create: { read: instant, quote: Q.create },
  tests_auth_required: { read: bool, quote: Q.echoed },
  status: { read: int, quote: Q.statusValues, changes: 'finish' },
  is_finished: { read: bool, quote: Q.isFinished, changes: 'finish' },
  submit_on: { read: orNull(instant), quote: Q.recordFields, changes: 'finish' },
  auth_required: { read: bool, quote: Q.authRequired, changes: 'auth' },
  profile: {
    read: (v) => (v === null ? 'none' : isObject(v) ? 'linked' : undefined),
    quote: Q.profile,
    changes: 'auth',
  },
};
/** The stated fields of a linked profile (`profile.<field>`), changed by authentication only. */
const PROFILE: Record<string, { read: Read; quote: string }> = {
  token: { read: str, quote: Q.pToken },
  external_id: { read: int, quote: Q.pExternal },
  case_number: { read: str, quote: Q.profileFields },
  mobile: { read: mobile, quote: Q.pMobile },
  name: { read: name, quote: Q.pName },
  birth: { read: date, quote: Q.pBirth },
  is_male: { read: bool, quote: Q.pMale },
};
/** What the interface says each change touches: the rest of the record is left as it was. */
const CHANGES: Record<Change, { fields: string[]; quote: string; what: string }> = {
  auth: {
    fields: ['auth_required', 'profile', ...Object.keys(PROFILE).map((f) => `profile.${f}`)],
    quote: Q.profileLinked,
    what: 'authentication changes auth_required and the profile only',
  },
  // An SMS authentication's first call: the profile may show as pending, the state stays until the code.
  start: {
    fields: ['profile', ...Object.keys(PROFILE).map((f) => `profile.${f}`)],
    quote: Q.smsTo,
    what: 'the first call of an SMS authentication changes no state',
  },
  finish: {
    fields: ['status', 'is_finished', 'submit_on'],
    quote: Q.finished,
    what: 'finishing changes status, is_finished and submit_on only',
  },
};

/** What an answer said of a field, and the exchange that said it (its place in the order of exchanges). */
interface Fact {
  value: string;
  by: ModelExchange;
  at: number;
  /** Which answer said it, or `the authentication sent` for what a request sent. */
  what?: string;
}
const SENT = 'the authentication sent';
interface RecordMemory {
  facts: Map<string, Fact>;
  /** Calls on it since (not reads): the last, to say what sat between two answers that disagree. */
  touched?: { by: ModelExchange; at: number; refused: boolean; op: ModelOperation };
  roadmap?: string;
}
interface RoadmapMemory {
  facts: Map<string, Fact>;
  records: string[];
  roles: number[];
  /** What a pending (SMS) authentication sent, per role, until its verification completes it. */
  pending?: { by: ModelExchange; roles: Map<number, Json> };
  touched?: RecordMemory['touched'];
}

const ok = (x: ModelExchange) => x.response.status >= 200 && x.response.status < 300;
const refused = (x: ModelExchange) => x.response.status >= 400 && x.response.status < 500;
const pathOf = (x: ModelExchange) => {
  try {
    return new URL(x.request.url).pathname;
  } catch {
    return x.request.url;
  }
};
const said = (x: ModelExchange) => `${x.request.method} ${pathOf(x)} (${x.response.status})`;
export function bodyOf(text: string | undefined): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The resource memory: what every answer said of each record and roadmap (in the listing, a detail,
 * a roadmap's entries, the questionnaire, an authentication's answer and request), held against
 * everything earlier. A field changes only by a call that succeeded and that the interface says
 * changes it; a refused call (4xx) changes nothing; two answers that describe one thing agree.
 * Only what both answers let the model read is compared.
 */
export function createMemory(forget: (map: Map<string, unknown>) => void) {
  const records = new Map<string, RecordMemory>();
  const roadmaps = new Map<string, RoadmapMemory>();
  const owned = new Set<string>();
  let clock = 0;
  const record = (token: string) => {
    const key = token.toLowerCase();
    const r: RecordMemory = records.get(key) ?? { facts: new Map() };
    records.delete(key);
    records.set(key, r);
    forget(records);
    return r;
  };

  /** Holds `value` as the record's `field` said by `x`; a contradiction of what was held is a verdict. */
  function hold(
    out: ModelVerdict[],
    token: string,
    field: string,
    value: string | undefined,
    x: ModelExchange,
    quote: string,
    what = 'answer',
  ) {
    if (value === undefined) return;
    const r = record(token);
    const before = r.facts.get(field);
    // The VIP wait ends by the organizer's action, outside the API: the one change no call makes.
    const activated = field === 'status' && before?.value === '0' && value === '2';
    if (!before || activated) {
      r.facts.set(field, { value, by: x, at: clock, what });
      if (activated) for (const f of CHANGES.auth.fields) r.facts.delete(f);
      return;
    }
    if (before.value === value) return;
    // A record this traffic neither took as its own (a fixture, one made for it) nor called, itself or through its
    // roadmap, is anyone's to move (a participant, another client of the organizer): only what never changes is held.
    const ours =
      owned.has(token.toLowerCase()) ||
      r.touched ||
      (r.roadmap && (owned.has(r.roadmap) || roadmaps.get(r.roadmap)?.touched));
    if (!ours && (RECORD[field]?.changes || field.startsWith('profile'))) {
      r.facts.set(field, { value, by: x, at: clock, what });
      return;
    }
    const between = r.touched && r.touched.at > before.at && r.touched.at < clock ? r.touched : undefined;
    const kind = between?.refused
      ? 'unchanged'
      : between
        ? 'left-alone'
        : before.what === SENT
          ? 'as-sent'
          : RECORD[field]?.changes || field.startsWith('profile')
            ? 'agree'
            : 'identity';
    const change =
      between && !between.refused ? CHANGES[between.op === 'submitAnswers' ? 'finish' : 'auth'] : undefined;
    const why = between
      ? between.refused
        ? `; between them ${said(between.by)} was refused, and a refused call changes nothing`
        : `; between them ${said(between.by)} succeeded, and ${change?.what}`
      : '; they describe one record';
    const message =
      kind === 'as-sent'
        ? `record ${token} shows ${field} ${value} in ${what} ${said(x)}; the authentication ${said(before.by)} sent ${before.value}, and the profile it links is the one sent`
        : `the record's ${field} changed between two reads (${before.value} -> ${value}): ${before.what ?? 'answer'} ${said(before.by)} then ${what} ${said(x)} of record ${token}${why}`;
    out.push({
      id: `${kind}.${field}`,
      quote: change?.quote ?? quote,
      message,
      exchanges: [before.by, ...(between ? [between.by] : []), x],
    });
    r.facts.set(field, { value, by: x, at: clock, what });
  }

  /** Everything an object that shows a record (a detail, a listing or roadmap entry) says of it. */
  function holdRecord(out: ModelVerdict[], token: string, data: Json, x: ModelExchange, what?: string) {
    for (const [field, { read, quote }] of Object.entries(RECORD))
      if (field in data) hold(out, token, field, read(data[field]), x, quote, what);
    if (isObject(data.profile))
      for (const [field, { read, quote }] of Object.entries(PROFILE))
        if (field in data.profile) hold(out, token, `profile.${field}`, read(data.profile[field]), x, quote, what);
  }

  /** A profile as a request sent it or an answer showed it, held for `tokens` (`sent`: it is returned as sent). */
  function holdProfile(out: ModelVerdict[], tokens: string[], profile: Json, x: ModelExchange, what: string) {
    for (const t of tokens) {
      for (const [field, { read }] of Object.entries(PROFILE))
        if (field in profile)
          hold(
            out,
            t,
            `profile.${field}`,
            read(profile[field]),
            x,
            field === 'mobile' ? Q.mobileShared : Q.profileLinked,
            what,
          );
      hold(out, t, 'profile', 'linked', x, Q.profileLinked, what);
    }
  }

  /** A call that succeeded (or whose effect is unknown: 5xx): opens what it changes of `tokens`; a refusal opens nothing. */
  function touch(tokens: string[], x: ModelExchange, op: ModelOperation, change: Change | undefined) {
    for (const t of tokens) {
      const r = record(t);
      r.touched = { by: x, at: clock, refused: refused(x), op };
      if (change && !refused(x)) for (const f of CHANGES[change].fields) r.facts.delete(f);
      // A success on one of its records may change the roadmap's own payload: its states are not shown.
      const map = r.roadmap ? roadmaps.get(r.roadmap) : undefined;
      if (map && !refused(x)) map.touched = r.touched;
    }
  }

  const roadmapOf = (token: string) => roadmaps.get(token.toLowerCase());
  const rolesOf = (map: RoadmapMemory, role: number) =>
    map.records.filter((t) => records.get(t)?.facts.get('role')?.value === String(role));

  /** Reads one exchange into the memory: the verdicts of what it contradicts. */
  function observe(
    x: ModelExchange,
    at: { op: ModelOperation; token: string } | undefined,
    mode: 'sms' | 'instant' | undefined,
  ): ModelVerdict[] {
    clock++;
    const out: ModelVerdict[] = [];
    const body = x.response.json ?? bodyOf(x.response.text);
    const data = isObject(body) ? body.data : undefined;
    if (!at) {
      if (x.operationId === 'listRecords' && ok(x))
        for (const entry of recordsOf(data)) holdRecord(out, entry.token, entry as Json, x, 'the listing');
      // A result (its path is not shown: the record is the one of its path's segments the memory knows) is a finished record's.
      const of = pathOf(x)
        .split('/')
        .find((s) => records.has(s.toLowerCase()));
      if (x.operationId === 'getResult' && ok(x) && of) {
        // Its body's shape is not shown: only that it is served, which says the record is finished.
        hold(out, of, 'status', '1', x, Q.results, 'the result');
      }
      return out;
    }
    const { op, token } = at;
    const sent = bodyOf(x.request.body);
    if (op === 'getRecord' && ok(x) && isObject(data)) holdRecord(out, token, data, x);
    else if (op === 'getQuestions' && ok(x) && isObject(data) && typeof data.test_id === 'string')
      hold(out, token, 'test_id', str(data.test_id), x, Q.test, 'the questionnaire');
    else if (op === 'getRoadmap' && ok(x) && isObject(data)) readRoadmap(out, token, data, x);
    else if (op === 'authenticateRecord' || op === 'verifyRecordAuth') {
      const r = record(token);
      const completes = op === 'verifyRecordAuth' || mode === 'instant';
      touch([token], x, op, completes || !mode ? 'auth' : 'start');
      if (ok(x) && op === 'authenticateRecord' && isObject(sent)) {
        // The body's shape is not shown: its profile nested or flat, read where the stated names are.
        const profile = isObject(sent.profile) ? sent.profile : sent;
        const pending = { ...profile, ...(sent.mobile !== undefined ? { mobile: sent.mobile } : {}) };
        if (completes) holdProfile(out, [token], pending, x, SENT);
        else r.facts.set('pending', { value: JSON.stringify(pending), by: x, at: clock });
      }
      const pending = r.facts.get('pending');
      if (ok(x) && op === 'verifyRecordAuth' && pending) {
        holdProfile(out, [token], JSON.parse(pending.value) as Json, pending.by, SENT);
        r.facts.delete('pending');
      }
      // The record a completing answer shows (its shape is not shown: `data`, or `data.record`, when it reads as one).
      const shown = [data, isObject(data) ? data.record : undefined].find(isRecord);
      if (ok(x) && completes && shown) holdRecord(out, token, shown, x, "the authentication's answer");
    } else if (op === 'submitAnswers') touch([token], x, op, 'finish');
    else if (op === 'authenticateRoadmap' || op === 'verifyRoadmapAuth')
      authenticateRoadmap(out, op, token, x, sent, data, mode);
    return out;
  }

  function readRoadmap(out: ModelVerdict[], token: string, data: Json, x: ModelExchange) {
    const entries = Array.isArray(data.test_records) ? data.test_records : [];
    const tokens = entries.flatMap((e) => {
      const t = entryTokenOf(e);
      return t ? [t.toLowerCase()] : [];
    });
    const roles = (Array.isArray(data.roles) ? data.roles : [])
      .map(roleIdOf)
      .filter((id): id is number => id !== undefined);
    const key = token.toLowerCase();
    const map: RoadmapMemory = roadmaps.get(key) ?? { facts: new Map(), records: tokens, roles };
    roadmaps.delete(key);
    roadmaps.set(key, map);
    forget(roadmaps);
    // The roadmap's own fields, while no call changed it ("Roadmap states and transitions: not shown").
    const own = {
      tests_auth_required: bool(data.tests_auth_required),
      roles: JSON.stringify([...roles].sort()),
      test_records: JSON.stringify([...tokens].sort()),
    };
    for (const [field, value] of Object.entries(own)) {
      const before = map.facts.get(field);
      if (value === undefined) continue;
      if (before && before.value !== value && !(map.touched && map.touched.at > before.at && !map.touched.refused))
        out.push({
          id: `roadmap.${field}`,
          quote: field === 'test_records' ? Q.belong : Q.getRoadmap,
          message: `the roadmap's ${field} changed between two reads (${before.value} -> ${value}): ${said(before.by)} then ${said(x)}${map.touched?.refused ? `; between them ${said(map.touched.by)} was refused, and a refused call changes nothing` : ''}`,
          exchanges: [before.by, ...(map.touched?.refused && map.touched.at > before.at ? [map.touched.by] : []), x],
        });
      map.facts.set(field, { value, by: x, at: clock });
    }
    map.records = tokens;
    map.roles = roles;
    for (const entry of entries) {
      const t = entryTokenOf(entry)?.toLowerCase();
      if (!t) continue;
      record(t).roadmap = key;
      // The organizer's policy, echoed in the roadmap and in each of its records.
      hold(out, t, 'tests_auth_required', own.tests_auth_required, x, Q.echoed, 'its roadmap');
      if (isObject(entry) && entry.token !== undefined) holdRecord(out, t, entry, x, 'its roadmap entry');
      const role = records.get(t)?.facts.get('role');
      // A record of a roadmap has the role of one of its roles, never null.
      if (role && (role.value === 'null' || (roles.length && !roles.includes(Number(role.value)))))
        out.push({
          id: 'roadmap.role',
          quote: Q.role,
          message: `record ${t} belongs to roadmap ${key} (its test_records) but shows role ${role.value}, which is ${role.value === 'null' ? "a standalone record's" : `none of its roles (${roles.join(', ')})`}`,
          exchanges: [role.by, x],
        });
    }
  }

  function authenticateRoadmap(
    out: ModelVerdict[],
    op: ModelOperation,
    token: string,
    x: ModelExchange,
    sent: unknown,
    data: unknown,
    mode: 'sms' | 'instant' | undefined,
  ) {
    const map = roadmapOf(token);
    if (!map) return;
    const answered = isObject(data) ? bool(data.tests_auth_required) : undefined;
    if (ok(x) && answered !== undefined) {
      const held = map.facts.get('tests_auth_required');
      if (held && held.value !== answered)
        out.push({
          id: 'roadmap.tests_auth_required',
          quote: Q.always,
          message: `the roadmap authentication's answer shows tests_auth_required ${answered}; the roadmap showed ${held.value}: one organizer's policy`,
          exchanges: [held.by, x],
        });
    }
    const instant = (mode ?? (answered === 'false' ? 'instant' : undefined)) === 'instant';
    const completes = op === 'verifyRoadmapAuth' || instant;
    map.touched = { by: x, at: clock, refused: refused(x), op };
    touch(map.records, x, op, completes || !mode ? 'auth' : 'start');
    if (!ok(x)) return;
    // What the authentication sent, per role (its shape is stated): each role's records show it once it completes.
    if (op === 'authenticateRoadmap' && isObject(sent)) {
      map.pending = { by: x, roles: new Map() };
      for (const role of Array.isArray(sent.roles) ? sent.roles : [])
        if (isObject(role) && isObject(role.profile) && Number.isInteger(role.id))
          map.pending.roles.set(role.id as number, { ...role.profile, mobile: sent.mobile });
    }
    if (completes && map.pending) {
      for (const [role, profile] of map.pending.roles)
        holdProfile(out, rolesOf(map, role), profile, map.pending.by, SENT);
      map.pending = undefined;
    }
    // The role profiles an instant answer shows are its records' profiles.
    if (isObject(data) && Array.isArray(data.roles))
      for (const role of data.roles)
        if (isObject(role) && isObject(role.profile) && integer(role.role_id) !== undefined)
          holdProfile(
            out,
            rolesOf(map, integer(role.role_id) as number),
            role.profile,
            x,
            "the authentication's answer",
          );
  }

  return {
    observe,
    /** A record or roadmap this traffic took as its own (a fixture, one made for it): no one else moves it. */
    own: (token: string) => owned.add(token.toLowerCase()),
    size: () => ({ records: records.size, roadmaps: roadmaps.size }),
  };
}
