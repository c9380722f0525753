import { answersFor } from '@tas/conformance/answers';
import type { OperationPrefill } from './config.js';
import type { Parts } from './request.js';
import type { KnownRecord, Session } from './state.js';

/**
 * The journey carried from one panel to the next: what an answer teaches the environment (`learn`),
 * and a panel's request filled from it (`carried`). The conformance suite's own `answersFor` builds
 * answers that fit the questionnaire just fetched.
 */
type Json = Record<string, unknown>;
type Change = { [K in keyof Session]?: string | null };

export const knownRecords = (s: Session): KnownRecord[] => {
  try {
    return JSON.parse(s.records ?? '[]') as KnownRecord[];
  } catch {
    return [];
  }
};

const withRecords = (s: Session, more: KnownRecord[]): string => {
  const kept = knownRecords(s).filter((r) => !more.some((m) => m.token === r.token));
  return JSON.stringify([...more, ...kept].slice(0, 40));
};

const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

/** The records of a roadmap answer, role by role, as the panels offer them. */
function roadmapRecords(data: Json): KnownRecord[] {
  return ((data.test_records ?? []) as Json[])
    .filter((r) => str(r.token))
    .map((r) => ({ token: String(r.token), label: `roadmap role ${String(r.role)}: ${String(r.test_id)}` }));
}

/** The first record of the roadmap now carried, once its authentication is complete. */
const firstOfRoadmap = (s: Session) => knownRecords(s).find((r) => r.label.startsWith('roadmap'))?.token;

/**
 * What a successful answer teaches the later panels. `parts` is what was sent (its token, its mobile);
 * `data` the answer's `data`. Nothing is learnt from a refusal.
 */
export function learn(operationId: string, parts: Parts, data: Json, s: Session): Change {
  const token = str(parts.path_params.token);
  const body = (parts.body ?? {}) as Json;
  switch (operationId) {
    case 'listRecords': {
      const results = ((data.results ?? []) as Json[]).filter((r) => str(r.token));
      // The record a person takes from a listing: a ready standalone one (a roadmap's authenticates with its roadmap).
      const ready = results.find((r) => r.role === null && r.status === 2 && r.auth_required === true);
      const listed = results.map((r) => ({ token: String(r.token), label: `listed: ${String(r.test_id)}` }));
      return { records: withRecords(s, listed), ...(ready ? { record: String(ready.token) } : {}) };
    }
    case 'createRecord':
    case 'getRecord':
    case 'completeVip': {
      const t = str(data.token) ?? token;
      if (!t) return {};
      const label = `${operationId === 'getRecord' ? 'read' : 'made'}: ${String(data.test_id ?? 'record')}`;
      return { record: t, records: withRecords(s, [{ token: t, label }]) };
    }
    case 'createRoadmap':
    case 'getRoadmap': {
      const t = str(data.token) ?? token;
      const records = roadmapRecords(data);
      // A roadmap's records replace an earlier roadmap's in the offer: they are the ones its auth unlocks.
      const others = knownRecords(s).filter((r) => !r.label.startsWith('roadmap'));
      return { ...(t ? { roadmap: t } : {}), records: JSON.stringify([...records, ...others].slice(0, 40)) };
    }
    case 'authenticateRecord': {
      const instant = data.tests_auth_required === false;
      return {
        ...(token ? { record: token } : {}),
        mobile: str(body.mobile) ?? null,
        auth: instant || !token ? null : `record:${token}`,
        code: null,
      };
    }
    case 'verifyRecordAuth':
      return { code: null, auth: null };
    case 'authenticateRoadmap': {
      const instant = data.tests_auth_required === false;
      const first = firstOfRoadmap(s);
      return {
        ...(token ? { roadmap: token } : {}),
        mobile: str(body.mobile) ?? null,
        draft_token: str(data.draft_token) ?? null,
        auth: instant || !token ? null : `roadmap:${token}`,
        code: null,
        ...(instant && first ? { record: first } : {}),
      };
    }
    case 'verifyRoadmapAuth': {
      const first = firstOfRoadmap(s);
      return { code: null, auth: null, draft_token: null, ...(first ? { record: first } : {}) };
    }
    case 'getQuestions': {
      const record = answersFor(data as never);
      return { answers: record && token ? JSON.stringify({ token, record }) : null };
    }
    default:
      return {};
  }
}

/** The code the outbox holds for the authentication the environment follows: newest first, that token's. */
export function codeFor(messages: Json[], s: Session): { code?: string; why: string } {
  const [purpose, token] = (s.auth ?? '').split(':');
  if (!s.mobile || !token)
    return { why: 'No authentication that sends a code was made from these panels yet: send one first.' };
  const found = messages.find((m) => m.token === token && m.purpose === purpose && str(m.code));
  if (!found) return { why: `No code was sent to ${s.mobile} for the ${purpose} ${token} yet.` };
  return {
    code: String(found.code),
    why: `Code ${String(found.code)} for the ${purpose} ${token}, sent to ${s.mobile}`,
  };
}

/** The answers carried for a record token, when the questionnaire fetched last was that record's. */
export function answersOf(s: Session, token: unknown): unknown[] | undefined {
  try {
    const a = JSON.parse(s.answers ?? '') as { token?: string; record?: unknown[] };
    return a.token === token && Array.isArray(a.record) ? a.record : undefined;
  } catch {
    return undefined;
  }
}

let lastId = 0;
/** A new external_id each time (unique per organizer): the description's example sent twice is refused. */
export function freshExternalId(): number {
  lastId = Math.max(lastId + 1, Date.now() * 10);
  return lastId;
}

/** A new mobile each time, 09 and 9 random digits: the sandbox allows 5 authentications per mobile. */
export const freshMobile = () =>
  `09${String((crypto.getRandomValues(new Uint32Array(1))[0] as number) % 1e9).padStart(9, '0')}`;

/** The value with every external_id and mobile new: sent again, the same would be refused. */
export const freshIds = (value: unknown): unknown =>
  value === undefined
    ? undefined
    : JSON.parse(JSON.stringify(value), (k, v) =>
        k === 'external_id' && typeof v === 'number'
          ? freshExternalId()
          : k === 'mobile' && typeof v === 'string'
            ? freshMobile()
            : v,
      );

/** The operation's parts: its examples, then what the environment carries for it. */
export function carried(op: OperationPrefill, s: Session): Parts {
  const token = op.token === 'record' ? s.record : op.token === 'roadmap' ? s.roadmap : undefined;
  const path_params = { ...op.path_params, ...(token ? { token } : {}) };
  const body = op.body === undefined ? undefined : (freshIds(op.body) as Json);
  if (body && typeof body === 'object') {
    // What an earlier answer carries (a code, a draft token), empty until then: the example's code, sent, would
    // use up one of the three tries.
    for (const [fieldName, from] of Object.entries(op.session_fields)) body[fieldName] = s[from] ?? '';
    const answers = op.operationId === 'submitAnswers' ? answersOf(s, path_params.token) : undefined;
    if (answers) body.record = answers;
  }
  return { path_params, query: { ...op.query }, body };
}
