import type { Kind } from './config.js';

/**
 * What the tab remembers: the chosen target, the key per kind of server, and the environment the
 * calls carry (src/tryit/carry.ts). sessionStorage only: gone with the tab, never in the URL, never logged.
 */
const PREFIX = 'tas-tryit:';

/** A record a call answered, offered to every later panel that takes a record token. */
export interface KnownRecord {
  token: string;
  /** Where it came from, in words: "listed: career-interest", "roadmap role 1: cas-child". */
  label: string;
}

/** The environment: values earlier answers returned, shared by every panel, shown and editable. */
export interface Session {
  record?: string;
  roadmap?: string;
  draft_token?: string;
  /** The mobile of the last authentication sent (the SMS helper reads its code). */
  mobile?: string;
  code?: string;
  /** What the last authentication was of: `record:<token>` or `roadmap:<token>` (the outbox's message for it). */
  auth?: string;
  /** Every record token answered so far (JSON of KnownRecord[]). */
  records?: string;
  /** The questionnaire just fetched, as the answers that fit it (JSON: `{ token, record }`). */
  answers?: string;
}

const listeners = new Set<() => void>();

export const SESSION_KEYS = [
  'record',
  'roadmap',
  'draft_token',
  'mobile',
  'code',
  'auth',
  'records',
  'answers',
] as const;

function store(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function read(name: string): string | undefined {
  return store()?.getItem(PREFIX + name) ?? undefined;
}

export function write(name: string, value: string | undefined): void {
  const s = store();
  if (!s) return;
  if (value === undefined || value === '') s.removeItem(PREFIX + name);
  else s.setItem(PREFIX + name, value);
}

export const keyFor = (kind: Kind) => read(`key:${kind}`);
export const setKeyFor = (kind: Kind, key: string) => write(`key:${kind}`, key);

/**
 * Whose environment: a token belongs to one organizer (the key) on one server, so each target and key
 * has its own; switching back finds it as it was.
 */
let scope = '';
export function setScope(next: string): void {
  if (next === scope) return;
  scope = next;
  for (const l of [...listeners]) l();
}

export function session(): Session {
  const out: Session = {};
  for (const k of SESSION_KEYS) {
    const v = read(`session:${scope}:${k}`);
    if (v) out[k] = v;
  }
  return out;
}

/** Called after every change of the environment (an answer learnt, a value edited); returns the unsubscribe. */
export function onSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Sets the given values; an empty string (or null) forgets one. */
export function remember(values: { [K in keyof Session]?: string | null }): void {
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined) continue;
    write(`session:${scope}:${k}`, v ?? undefined);
  }
  for (const l of [...listeners]) l();
}
