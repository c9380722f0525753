import type { Db } from '../store/db.js';
import { keyHash, partnerOrganizer } from './store.js';

/** Who a key names: a partner's organizer (the default keys' included), or the host. */
export type Caller = { organizer: string; host?: undefined } | { host: true; organizer?: undefined };

export interface KeyRingOptions {
  /** The default keys' organizers, by key (sms, instant). */
  fixed: ReadonlyMap<string, string>;
  /** The host key: issues, lists and revokes partner keys; no partner key can. */
  host?: string;
}

/**
 * Reads the API-KEY header: the default keys, the host key, and partner keys (looked up by hash in
 * the database, so a key issued by the `keys` command into a `--db` file works at once).
 */
export function createKeyRing(db: Db, o: KeyRingOptions) {
  const fixed = new Map([...o.fixed].map(([key, organizer]) => [keyHash(key), organizer]));
  const host = o.host ? keyHash(o.host) : undefined;
  return (key: string): Caller | undefined => {
    const hash = keyHash(key);
    if (hash === host) return { host: true };
    const organizer = fixed.get(hash) ?? partnerOrganizer(db, hash);
    return organizer === undefined ? undefined : { organizer };
  };
}
export type KeyRing = ReturnType<typeof createKeyRing>;
