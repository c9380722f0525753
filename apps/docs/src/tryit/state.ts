import type { Kind } from './config.js';

/**
 * What the tab remembers: the chosen target, the key per kind of server, and the values the calls
 * answered (tokens, the draft token, the SMS code), so that the next call is prefilled. sessionStorage
 * only: gone with the tab, never in the URL, never logged.
 */
const PREFIX = 'tas-tryit:';

export interface Session {
  record?: string;
  roadmap?: string;
  draft_token?: string;
  code?: string;
  mobile?: string;
}

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

export function session(): Session {
  const out: Session = {};
  for (const k of ['record', 'roadmap', 'draft_token', 'code', 'mobile'] as const) {
    const v = read(`session:${k}`);
    if (v) out[k] = v;
  }
  return out;
}

export function remember(values: Session): void {
  for (const [k, v] of Object.entries(values)) if (typeof v === 'string' && v) write(`session:${k}`, v);
}
