import { entryTokenOf } from '../journey/roadmap.js';
import { Q } from '../quotes.js';
import type { Exchange, Finding } from '../types.js';
import { type Kind, type Mode, type ModelOperation, PATHS, STATES, type State, TRANSITIONS } from './interface.js';
import { limitOf } from './limits.js';
import { bodyOf, createMemory, integer, type ModelExchange, type ModelVerdict } from './memory.js';

export type { ModelExchange, ModelVerdict } from './memory.js';

/** What the model knows of a record, from the answers it has read. */
interface Known {
  state?: State;
  /** The exchange that moved it to `state` (a transition's success), when one did. */
  movedBy?: { exchange: ModelExchange; transition: string; quote: string };
  mode?: Mode;
  kind?: Kind;
  roadmap?: string;
  /** Its role as first read, and that read. */
  role?: string;
  firstRead?: ModelExchange;
  /** A fixture taken fresh that its first read showed used: why it does not fit. */
  unfit?: string;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const ok = (x: ModelExchange) => x.response.status >= 200 && x.response.status < 300;

/** The stated operation an exchange is, by its method and stated path, and the token in it. */
export function operationOf(x: ModelExchange): { op: ModelOperation; token: string } | undefined {
  let path: string;
  try {
    path = new URL(x.request.url).pathname;
  } catch {
    return undefined;
  }
  for (const [op, { method, path: re }] of Object.entries(PATHS) as [
    ModelOperation,
    (typeof PATHS)[ModelOperation],
  ][]) {
    const m = x.request.method.toUpperCase() === method ? re.exec(path) : null;
    if (m?.[1]) return { op, token: decodeURIComponent(m[1]).toLowerCase() };
  }
  return undefined;
}

/** The state each operation needs to succeed: otherwise one of its limits or prerequisites refuses it. */
const NEEDS: Partial<Record<ModelOperation, State>> = {
  authenticateRecord: 'ready',
  authenticateRoadmap: 'ready',
  getQuestions: 'authenticated',
  submitAnswers: 'authenticated',
};

/** The mobile numbers a body sends, by their last ten digits (its shape may be the deployment's). */
const mobilesIn = (v: unknown): string[] =>
  typeof v === 'string'
    ? /^(\+98|98|0)9\d{9}$/.test(v)
      ? [v.slice(-10)]
      : []
    : typeof v === 'object' && v !== null
      ? Object.values(v).flatMap(mobilesIn)
      : [];

/** The envelope's `data`, read tolerantly: the parsed body's `data`, else nothing. */
function dataOf(x: ModelExchange): unknown {
  let json = x.response.json;
  if (json === undefined)
    try {
      json = JSON.parse(x.response.text);
    } catch {
      return undefined;
    }
  return isObject(json) ? json.data : undefined;
}

/** A record detail in the model's terms; undefined when its stated fields cannot be read. */
function readRecord(data: unknown) {
  if (!isObject(data)) return undefined;
  const status = integer(data.status);
  if (status === undefined) return undefined;
  const authRequired = typeof data.auth_required === 'boolean' ? data.auth_required : undefined;
  const mode: Mode | undefined =
    data.tests_auth_required === true ? 'sms' : data.tests_auth_required === false ? 'instant' : undefined;
  const kind: Kind | undefined =
    data.role === null ? 'standalone' : integer(data.role) !== undefined ? 'roadmap' : undefined;
  const state: State | undefined =
    status === 0
      ? 'vip-wait'
      : status === 1
        ? 'finished'
        : status === 2 && authRequired !== undefined
          ? authRequired
            ? 'ready'
            : 'authenticated'
          : undefined;
  return {
    status,
    authRequired,
    mode,
    kind,
    role: 'role' in data ? JSON.stringify(data.role) : undefined,
    state,
    profile: 'profile' in data ? data.profile : undefined,
    isFinished: data.is_finished,
  };
}

/**
 * The interface's model, fed one exchange at a time, in the order they happened: it learns each
 * record's state, mode and kind from answers, moves them as the stated transitions say when an
 * operation succeeds, and returns a verdict only where an answer contradicts what a quote predicts.
 * What it cannot read predicts nothing.
 */
export function createModel({
  remember = Number.POSITIVE_INFINITY,
  stateless = false,
}: {
  remember?: number;
  /** A target that keeps no state (the mock answers examples): no answer is held against another. */
  stateless?: boolean;
} = {}) {
  const records = new Map<string, Known>();
  const roadmaps = new Map<string, { mode?: Mode; records: string[] }>();
  const known = (token: string) => {
    const k = records.get(token) ?? {};
    records.delete(token);
    records.set(token, k);
    forget(records, remember);
    return k;
  };
  const move = (token: string, to: State, exchange: ModelExchange, by: ModelOperation) => {
    const k = known(token);
    const t = TRANSITIONS.find((t) => t.by === by && t.to === to && (!k.mode || !t.mode || t.mode === k.mode));
    // A transition that succeeded predicts its state whatever the record showed before (an answer
    // may have been wrong); only a finished record is never moved back.
    if (!t || (k.state === 'finished' && to !== 'finished')) return;
    k.state = to;
    k.movedBy = { exchange, transition: t.id, quote: t.quote };
  };

  const memory = createMemory((map) => forget(map, remember));
  /** Tokens taken as fresh fixtures, and the state each must show when first read. */
  const taken = new Map<string, State>();
  /** Authentications accepted per mobile, the mobiles each token's last one sent, and those whose earlier ones the traffic never saw. */
  const used = new Map<string, number>();
  const sentBy = new Map<string, string[]>();
  const foreign = new Set<string>();

  /** What a read showed of a record: its state, unless a transition predicts it; a fresh fixture's first read must show it fresh. */
  function learn(token: string, state: State | undefined) {
    const k = known(token);
    const fresh = taken.get(token) ?? (k.roadmap ? taken.get(k.roadmap) : undefined);
    if (fresh && state && state !== fresh && !k.state && !k.movedBy)
      k.unfit = `record ${token} was ${state} when this run first read it, not ${fresh}: a fixture an earlier run or another client used (fixtures must be fresh: plan --write-fixtures)`;
    if (state && !k.movedBy) k.state = state;
  }

  /** What every answer said, held against the earlier ones (memory.ts), and the transitions' predictions. */
  function observe(x: ModelExchange): ModelVerdict[] {
    const at = operationOf(x);
    const mode = at && (records.get(at.token)?.mode ?? roadmaps.get(at.token)?.mode);
    const held = stateless ? [] : memory.observe(x, at, mode);
    const predicted = predict(x, at);
    // A state the transition predicted is said once, by the transition.
    const state = /\.(status|auth_required|is_finished|profile)$/;
    return [...(predicted.length ? held.filter((v) => !state.test(v.id)) : held), ...predicted];
  }

  function predict(x: ModelExchange, at: ReturnType<typeof operationOf>): ModelVerdict[] {
    if (!at || !ok(x)) return [];
    const { op, token } = at;
    const out: ModelVerdict[] = [];
    if (op === 'getRecord') {
      const read = readRecord(dataOf(x));
      if (!read) return [];
      const k = known(token);
      if (![0, 1, 2].includes(read.status))
        out.push({
          id: 'status.values',
          quote: Q.statusValues,
          message: `the record shows status ${read.status}, which is none of 0, 1, 2`,
          exchanges: [x],
        });
      if (!k.firstRead) {
        k.role = read.role;
        k.firstRead = x;
      }
      k.mode ??= read.mode;
      k.kind ??= read.kind;
      learn(token, read.state);
      const predicted = k.movedBy ? k.state : undefined;
      if (predicted && k.movedBy) {
        const want = STATES[predicted];
        const wrong =
          read.status !== want.status ||
          (want.auth_required !== undefined &&
            read.authRequired !== undefined &&
            read.authRequired !== want.auth_required) ||
          (predicted === 'authenticated' && read.profile === null) ||
          (predicted === 'finished' && read.isFinished !== undefined && read.isFinished !== true);
        if (wrong)
          out.push({
            id: k.movedBy.transition,
            quote: k.movedBy.quote,
            message: `after ${k.movedBy.transition} succeeded, the record must be ${predicted} (status ${want.status}${want.auth_required === undefined ? '' : `, auth_required ${want.auth_required}`}${predicted === 'authenticated' ? ', a profile linked' : ''}${predicted === 'finished' ? ', is_finished true' : ''}); it shows status ${read.status}, auth_required ${String(read.authRequired)}${read.profile === null ? ', no profile' : ''}`,
            exchanges: [k.movedBy.exchange, x],
          });
      }
      return out;
    }
    const k = known(token);
    if (op === 'authenticateRecord' || op === 'authenticateRoadmap') {
      const sent = mobilesIn(bodyOf(x.request.body));
      for (const m of sent) used.set(m, (used.get(m) ?? 0) + 1);
      sentBy.delete(token);
      sentBy.set(token, sent);
      forget(sentBy, remember);
    }
    if (op === 'authenticateRecord') {
      if (k.kind === 'roadmap' && k.firstRead)
        out.push({
          id: 'rule.3',
          quote: Q.rule3,
          message: `record authentication of a roadmap record (role ${k.role}) accepted with ${x.response.status}; it is rejected with 409`,
          exchanges: [k.firstRead, x],
        });
      else if (k.mode === 'instant' && k.kind === 'standalone') move(token, 'authenticated', x, op);
    } else if (op === 'verifyRecordAuth') move(token, 'authenticated', x, op);
    else if (op === 'submitAnswers') move(token, 'finished', x, op);
    else if (op === 'getRoadmap') {
      const data = dataOf(x);
      if (!isObject(data)) return [];
      const entries = (Array.isArray(data.test_records) ? data.test_records : []).flatMap((e) => {
        const t = entryTokenOf(e);
        return t ? [{ t: t.toLowerCase(), e }] : [];
      });
      const tokens = entries.map(({ t }) => t);
      const mode: Mode | undefined =
        data.tests_auth_required === true ? 'sms' : data.tests_auth_required === false ? 'instant' : undefined;
      roadmaps.delete(token);
      roadmaps.set(token, { mode, records: tokens });
      forget(roadmaps, remember);
      for (const { t, e } of entries) {
        const r = known(t);
        r.kind = 'roadmap';
        r.roadmap = token;
        r.mode ??= mode;
        // An entry that shows its record's stated fields says its state (its shape is not shown: else nothing).
        learn(t, readRecord(e)?.state);
      }
    } else if (op === 'authenticateRoadmap' || op === 'verifyRoadmapAuth') {
      const map = roadmaps.get(token);
      const answered = dataOf(x);
      const mode = map?.mode ?? (isObject(answered) && answered.tests_auth_required === false ? 'instant' : undefined);
      if (op === 'verifyRoadmapAuth' || mode === 'instant')
        for (const t of map?.records ?? []) {
          known(t).mode ??= op === 'verifyRoadmapAuth' ? 'sms' : 'instant';
          move(t, 'authenticated', x, op);
        }
    }
    return out;
  }

  /** Why a refusal of `x` may be the mobile duplicate limit, whose value is not shown: its mobile's earlier authentications. */
  function cause(x: ModelExchange): string | undefined {
    const at = operationOf(x);
    if (!at || !/^(authenticate|verify)/.test(at.op) || x.response.status < 400 || x.response.status >= 500)
      return undefined;
    const mode = records.get(at.token)?.mode ?? roadmaps.get(at.token)?.mode;
    // Stated for roadmap authentication with 400, in SMS mode; a record authentication's limit has no stated status.
    const limit = limitOf('mobile.duplicate');
    if (
      (mode && limit.mode && mode !== limit.mode) ||
      (at.op === limit.operation && x.response.status !== limit.status)
    )
      return undefined;
    // A verify completes the authentication its mobile was sent by (counted already): the limit may be met at either call.
    const verify = at.op.startsWith('verify');
    const sent = verify ? (sentBy.get(at.token) ?? []) : mobilesIn(bodyOf(x.request.body));
    const m = sent.find((m) => foreign.has(m) || (used.get(m) ?? 0) > (verify ? 1 : 0));
    if (!m) return undefined;
    return `the mobile ${foreign.has(m) ? `${m} is the fixed --mobile, whose earlier authentications this run did not see` : `${m} had an authentication accepted earlier in this run`}: it may have reached the mobile duplicate limit (its value is not shown); run without --mobile, or with a fresh one`;
  }

  /**
   * Why the model does not predict that `x` succeeds: the state it needs is not the one known of its
   * records (unread, or another), or a limit it cannot count may refuse it; undefined where a quote predicts success.
   */
  function unpredicted(x: ModelExchange): string | undefined {
    const at = operationOf(x);
    const need = at && NEEDS[at.op];
    if (!at || !need) return cause(x);
    const tokens = at.op === 'authenticateRoadmap' ? (roadmaps.get(at.token)?.records ?? []) : [at.token];
    if (!tokens.length) return `the records of roadmap ${at.token} were not read`;
    for (const t of tokens) {
      const k = records.get(t);
      if (k?.state !== need)
        return `record ${t} is ${k?.state ? `known ${k.state}` : 'in a state not read'}, and ${at.op} needs it ${need}`;
      if (at.op === 'authenticateRecord' && k.kind !== 'standalone')
        return `record ${t} is not known standalone (rule 3)`;
    }
    return cause(x);
  }

  return {
    observe,
    cause,
    unpredicted,
    /** A token the traffic took as its own; `kind`: a fresh fixture of that kind, whose first read must show it so. */
    own(token: string, kind?: string) {
      memory.own(token);
      if (kind) taken.set(token.toLowerCase(), kind === 'vipWait' ? 'vip-wait' : 'ready');
    },
    /** A mobile whose earlier authentications the traffic did not see (a fixed --mobile). */
    foreign(mobile: string) {
      for (const m of mobilesIn(mobile)) foreign.add(m);
    },
    /** Why a fixture taken (a record, or a roadmap's records) does not fit: an earlier run or another client used it. */
    unfit: (tokens: string[]) =>
      tokens
        .flatMap((t) => [t.toLowerCase(), ...(roadmaps.get(t.toLowerCase())?.records ?? [])])
        .map((t) => records.get(t)?.unfit)
        .find(Boolean),
    /** Records and roadmaps it remembers (at most `remember` of each). */
    size: () => ({
      records: Math.max(records.size, memory.size().records),
      roadmaps: Math.max(roadmaps.size, memory.size().roadmaps),
    }),
    /** The organizer mode of a record or roadmap, as far as answers showed it. */
    modeOf: (token: string) => records.get(token.toLowerCase())?.mode ?? roadmaps.get(token.toLowerCase())?.mode,
    stateOf: (token: string) => {
      const k = records.get(token.toLowerCase());
      return k && { state: k.state, mode: k.mode, kind: k.kind, roadmap: k.roadmap };
    },
  };
}

/** Bounded memory (a proxy left running): past `remember` entries, the least recently seen is forgotten. */
function forget(map: Map<string, unknown>, remember: number) {
  for (const oldest of map.keys()) {
    if (map.size <= remember) return;
    map.delete(oldest);
  }
}

export type Model = ReturnType<typeof createModel>;

/** A verdict as a run's or the proxy's finding: stated, with its quote and the exchanges before it. */
export const findingOf = (v: ModelVerdict, rule: string, exchange: Exchange): Finding => ({
  rule,
  statement: `the interface's model: ${v.id}`,
  message: v.message,
  assumed: false,
  exchange,
  before: v.exchanges.slice(0, -1) as Exchange[],
  quotes: [v.quote],
});
