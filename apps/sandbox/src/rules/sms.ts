import { randomBytes, randomInt } from 'node:crypto';
import { refuse } from '../errors/index.js';
import { SMS_THROTTLE } from '../hosting-quotas.js';
import type { ApiError } from '../http/envelope.js';
import { limits } from '../interface-limits.js';
import { type Db, sql } from '../store/db.js';
import { assertRoom } from '../store/quotas.js';

/** The sandbox's SMS numbers (assumed: the interface states only the draft token's 5 minutes). */
export const SMS = {
  codeDigits: 5,
  codeTtlSeconds: 120,
  maxWrongTries: 3,
  /** Stated by the interface: the description's info.x-limits. */
  draftTtlSeconds: limits.draftTokenSeconds,
  /** Completed SMS authentications per mobile number per organizer. */
  mobileLimit: 5,
} as const;

export interface PendingRow {
  id: number;
  organizer: string;
  kind: 'record' | 'roadmap';
  target: string;
  draft_token: string | null;
  code: string;
  mobile: string;
  payload: string;
  created: number;
  code_expires: number;
  draft_expires: number | null;
  tries: number;
  state: 'open' | 'superseded' | 'locked' | 'used';
}

export function mobileLimitReached(db: Db, organizer: string, mobile: string): boolean {
  const row = sql<{ n: number }>(
    db,
    "SELECT count(*) AS n FROM pending_auths WHERE organizer = ? AND mobile = ? AND state = 'used'",
  ).get(organizer, mobile);
  return (row?.n ?? 0) >= SMS.mobileLimit;
}

const mobileLimit = (field?: string) => refuse('mobileLimit', undefined, field);

/** At most SMS_THROTTLE.codes codes to one number within the window (on the organizer's clock). */
function assertNotThrottled(db: Db, organizer: string, mobile: string, now: number): void {
  const since = now - SMS_THROTTLE.windowSeconds * 1000;
  const row = sql<{ n: number; first: number | null }>(
    db,
    'SELECT count(*) AS n, min(sent_at) AS first FROM sms_outbox WHERE organizer = ? AND mobile = ? AND sent_at > ?',
  ).get(organizer, mobile, since);
  if (!row || row.n < SMS_THROTTLE.codes || row.first === null) return;
  const wait = Math.max(1, Math.ceil((row.first - since) / 1000));
  throw refuse('smsThrottled', { sent: row.n, wait }, '/mobile');
}

interface Send {
  organizer: string;
  kind: 'record' | 'roadmap';
  target: string;
  mobile: string;
  payload: unknown;
  now: number;
}

/** Sends a code (to the outbox) for a record or a roadmap; an earlier open code for it stops working. */
export function sendCode(db: Db, p: Send & { kind: 'roadmap' }): { code: string; draftToken: string };
export function sendCode(db: Db, p: Send & { kind: 'record' }): { code: string; draftToken: null };
export function sendCode(db: Db, p: Send): { code: string; draftToken: string | null } {
  if (mobileLimitReached(db, p.organizer, p.mobile)) throw mobileLimit('/mobile');
  assertNotThrottled(db, p.organizer, p.mobile, p.now);
  assertRoom(db, p.organizer, { outbox: 1 }, 400);
  sql(db, "UPDATE pending_auths SET state = 'superseded' WHERE target = ? AND state IN ('open', 'locked')").run(
    p.target,
  );
  const code = String(randomInt(0, 10 ** SMS.codeDigits)).padStart(SMS.codeDigits, '0');
  const draftToken = p.kind === 'roadmap' ? `dr_${randomBytes(18).toString('base64url')}` : null;
  sql(
    db,
    `INSERT INTO pending_auths (organizer, kind, target, draft_token, code, mobile, payload, created, code_expires, draft_expires)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    p.organizer,
    p.kind,
    p.target,
    draftToken,
    code,
    p.mobile,
    JSON.stringify(p.payload),
    p.now,
    p.now + SMS.codeTtlSeconds * 1000,
    draftToken ? p.now + SMS.draftTtlSeconds * 1000 : null,
  );
  sql(db, 'INSERT INTO sms_outbox (organizer, mobile, code, purpose, token, sent_at) VALUES (?, ?, ?, ?, ?, ?)').run(
    p.organizer,
    p.mobile,
    code,
    p.kind,
    p.target,
    p.now,
  );
  return { code, draftToken };
}

/** The latest code sent for a record or roadmap that is still open or locked. */
export function latestPending(db: Db, target: string): PendingRow | undefined {
  return sql<PendingRow>(
    db,
    "SELECT * FROM pending_auths WHERE target = ? AND state IN ('open', 'locked') ORDER BY id DESC LIMIT 1",
  ).get(target);
}

export function pendingByDraft(db: Db, target: string, draftToken: string): PendingRow | undefined {
  return sql<PendingRow>(db, 'SELECT * FROM pending_auths WHERE target = ? AND draft_token = ?').get(
    target,
    draftToken,
  );
}

/**
 * Checks a code. A wrong code counts a try, and that count must survive the refusal, so the
 * refusal is returned (for the caller to throw after the transaction commits), not thrown.
 */
export function checkCode(db: Db, pending: PendingRow, code: string, now: number): ApiError | undefined {
  if (pending.state === 'locked') return refuse('codeLocked', undefined, '/code');
  if (pending.state !== 'open' || now > pending.code_expires) return refuse('codeExpired', undefined, '/code');
  if (pending.code !== code) {
    const tries = pending.tries + 1;
    const locked = tries >= SMS.maxWrongTries;
    sql(db, 'UPDATE pending_auths SET tries = ?, state = ? WHERE id = ?').run(
      tries,
      locked ? 'locked' : 'open',
      pending.id,
    );
    if (locked) return refuse('codeLocked', undefined, '/code');
    return refuse('wrongCode', { left: SMS.maxWrongTries - tries }, '/code');
  }
  // The limit counts completed authentications, so it is kept where one completes, in its transaction:
  // codes opened on one number before any completed cannot all complete.
  if (mobileLimitReached(db, pending.organizer, pending.mobile)) return mobileLimit();
  sql(db, "UPDATE pending_auths SET state = 'used' WHERE id = ?").run(pending.id);
  return undefined;
}
