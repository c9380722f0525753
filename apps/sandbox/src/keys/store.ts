import { createHash, randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { refuse } from '../errors/index.js';
import { PARTNER_KEYS } from '../hosting-quotas.js';
import { type Db, sql, transaction } from '../store/db.js';
import { writeOrganizer } from '../store/rows.js';
import { dropOrganizer, seedOrganizer } from '../store/seed.js';

/** How a key's organizer authenticates participants: by SMS code, or at once. */
export type KeyMode = 'sms' | 'instant';

/** A partner key as listed: never the key itself, which is shown once, when it is issued. */
export interface KeyInfo {
  id: string;
  label: string;
  mode: KeyMode;
  created: string;
  revoked: string | null;
}

/** Keys are stored as their SHA-256: a copy of the database gives no key away. */
export const keyHash = (key: string): string => createHash('sha256').update(key).digest('hex');

interface KeyRow {
  id: string;
  label: string;
  organizer: string;
  created: number;
  revoked: number | null;
  mode: KeyMode;
}

const info = (row: KeyRow): KeyInfo => ({
  id: row.id,
  label: row.label,
  mode: row.mode,
  created: new Date(row.created).toISOString(),
  revoked: row.revoked === null ? null : new Date(row.revoked).toISOString(),
});

const SELECT = 'SELECT id, label, organizer, created, revoked, mode FROM api_keys';

/**
 * Issues a key for a partner: an organizer of its own in `mode`, seeded as the default ones are.
 * Answers the key once; only its hash is kept.
 */
export function issueKey(db: Db, mode: KeyMode, label: string, now: number, shard?: Shard): KeyInfo & { key: string } {
  const id = randomBytes(6).toString('hex');
  let key = `tas_sbx_${randomBytes(24).toString('base64url')}`;
  // About `of` tries: each key is random, so which process it falls to is too.
  while (shard && nginxHashPeer(key, shard.of) !== shard.index)
    key = `tas_sbx_${randomBytes(24).toString('base64url')}`;
  const organizer = `partner-${id}`;
  transaction(db, 'immediate', () => {
    const { n } = sql<{ n: number }>(db, 'SELECT count(*) AS n FROM api_keys WHERE revoked IS NULL').get() ?? { n: 0 };
    if (n >= PARTNER_KEYS) throw refuse('keysFull', { held: n });
    writeOrganizer(
      db,
      'INSERT INTO organizers (id, tests_auth_required) VALUES (?, ?)',
      organizer,
      mode === 'sms' ? 1 : 0,
    );
    sql(db, 'INSERT INTO api_keys (id, hash, organizer, mode, label, created) VALUES (?, ?, ?, ?, ?, ?)').run(
      id,
      keyHash(key),
      organizer,
      mode,
      label,
      now,
    );
    seedOrganizer(db, organizer, now);
  });
  return { ...(keyInfo(db, id) as KeyInfo), key };
}

/** This database's place among `of` sandbox processes behind one nginx upstream (0-based `index`). */
export interface Shard {
  index: number;
  of: number;
}

/**
 * The server nginx's `hash $http_api_key;` sends `key` to first, of `peers` of equal weight: its
 * hash is Cache::Memcached's, ((crc32(key) >> 16) & 0x7fff) modulo the total weight
 * (ngx_http_upstream_hash_module.c, ngx_http_upstream_get_hash_peer).
 */
export const nginxHashPeer = (key: string, peers: number): number => ((crc32(key) >>> 16) & 0x7fff) % peers;

export function keyInfo(db: Db, id: string): KeyInfo | undefined {
  const row = sql<KeyRow>(db, `${SELECT} WHERE id = ?`).get(id);
  return row && info(row);
}

/** Every partner key, newest first, revoked ones included. */
export function listKeys(db: Db): KeyInfo[] {
  return sql<KeyRow>(db, `${SELECT} ORDER BY created DESC, rowid DESC`).all().map(info);
}

/** Revokes a key: it stops working at once, and its organizer's data is dropped (its quotas freed). */
export async function revokeKey(
  db: Db,
  id: string,
  now: number,
  turn?: () => Promise<void>,
): Promise<KeyInfo | undefined> {
  const row = sql<KeyRow>(db, `${SELECT} WHERE id = ?`).get(id);
  if (!row) return undefined;
  if (row.revoked === null) {
    sql(db, 'UPDATE api_keys SET revoked = ? WHERE id = ?').run(now, id);
    await dropOrganizer(db, row.organizer, turn);
  }
  return keyInfo(db, id);
}

/** The organizer a partner key names (not revoked), by the key's hash. */
export function partnerOrganizer(db: Db, hash: string): string | undefined {
  return sql<{ organizer: string }>(db, 'SELECT organizer FROM api_keys WHERE hash = ? AND revoked IS NULL').get(hash)
    ?.organizer;
}
