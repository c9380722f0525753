import { refuse } from '../errors/index.js';
import { QUOTAS } from '../hosting-quotas.js';
import { type Db, sql } from './db.js';

const TABLES = { records: 'records', roadmaps: 'roadmaps', outbox: 'sms_outbox' } as const;
const WHAT = { records: 'records', roadmaps: 'roadmaps', outbox: 'SMS outbox entries' } as const;
type Quota = keyof typeof QUOTAS;

/** How many rows of a kind the organizer keeps (an index on organizer counts them). */
export function held(db: Db, organizer: string, quota: Quota): number {
  return (
    sql<{ n: number }>(db, `SELECT count(*) AS n FROM ${TABLES[quota]} WHERE organizer = ?`).get(organizer)?.n ?? 0
  );
}

/**
 * Refuses work that would take an organizer past a quota: 409 from the control API, 400 from an
 * API call (an SMS send, whose refusals the description gives 400). Run inside the writing transaction.
 */
export function assertRoom(db: Db, organizer: string, adding: Partial<Record<Quota, number>>, status: 400 | 409 = 409) {
  for (const [quota, more] of Object.entries(adding) as [Quota, number][]) {
    const now = held(db, organizer, quota);
    if (now + more > QUOTAS[quota])
      throw refuse(status === 409 ? 'quotaExceeded' : 'outboxFull', {
        held: now,
        quota: QUOTAS[quota],
        what: WHAT[quota],
        adding: more,
      });
  }
}
