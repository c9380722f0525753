import { entryTokenOf } from '../journey/roadmap.js';
import { Q } from '../quotes.js';
import type { Exchange, Finding } from '../types.js';
import { type Kind, type Mode, type ModelOperation, PATHS, STATES, type State, TRANSITIONS } from './interface.js';
import { createMemory, integer, type ModelExchange, type ModelVerdict } from './memory.js';

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
      } else if (read.state) k.state = read.state;
      return out;
    }
    const k = known(token);
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
      const entries = Array.isArray(data.test_records) ? data.test_records : [];
      const tokens = entries.flatMap((e) => {
        const t = entryTokenOf(e);
        return t ? [t.toLowerCase()] : [];
      });
      const mode: Mode | undefined =
        data.tests_auth_required === true ? 'sms' : data.tests_auth_required === false ? 'instant' : undefined;
      roadmaps.delete(token);
      roadmaps.set(token, { mode, records: tokens });
      forget(roadmaps, remember);
      for (const t of tokens) {
        const r = known(t);
        r.kind = 'roadmap';
        r.roadmap = token;
        r.mode ??= mode;
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

  return {
    observe,
    own: memory.own,
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
