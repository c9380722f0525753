import type Database from 'better-sqlite3';
import type { components } from '../generated/api.js';
import { type Db, sql, sqlRaw } from './db.js';

export interface OrganizerRow {
  id: string;
  tests_auth_required: number;
  clock_offset_ms: number;
  case_seq: number;
}
export interface RecordRow {
  seq: number;
  token: string;
  organizer: string;
  test_id: string;
  status: components['schemas']['RecordStatus'];
  roadmap: string | null;
  role: number | null;
  profile: string | null;
  submit_on: number | null;
  created: number;
  scores: string | null;
}
/** The columns of a RecordRow: all but the stored answers, which nothing reads back. */
export const RECORD_COLUMNS =
  'seq, token, organizer, test_id, status, roadmap, role, profile, submit_on, created, scores';

// Built once: the statement caches are keyed by text, and a text built per call is hashed per call.
const RECORD_BY_TOKEN = `SELECT ${RECORD_COLUMNS} FROM records WHERE token = ? AND organizer = ?`;
const RECORDS_OF_ROADMAP = `SELECT ${RECORD_COLUMNS} FROM records WHERE roadmap = ? ORDER BY role, seq`;

/** A row of RECORD_COLUMNS, read as an array (sqlRaw), in the same order. */
function recordOf(a: unknown[]): RecordRow {
  return {
    seq: a[0] as number,
    token: a[1] as string,
    organizer: a[2] as string,
    test_id: a[3] as string,
    status: a[4] as RecordRow['status'],
    roadmap: a[5] as string | null,
    role: a[6] as number | null,
    profile: a[7] as string | null,
    submit_on: a[8] as number | null,
    created: a[9] as number,
    scores: a[10] as string | null,
  };
}

export interface ProfileRow {
  token: string;
  organizer: string;
  external_id: number | null;
  case_number: string;
  mobile: string;
  name: string;
  birth: string;
  is_male: number;
}
export interface RoadmapRow {
  token: string;
  organizer: string;
  roles: string;
  authenticated: number;
  created: number;
}

export const STATUS = { vipWait: 0, finished: 1, ready: 2 } as const;

// Every request reads its organizer, and organizers change rarely (a clock advance, a reset, a new
// case number), so committed rows are kept in memory. Every write to the table goes through
// writeOrganizer, which drops them; a row read inside a transaction is not kept, so that a row a
// rollback undoes is never served. One sandbox process owns its database file.
const organizerCache = new WeakMap<Db, Map<string, Readonly<OrganizerRow>>>();

export function getOrganizer(db: Db, id: string): Readonly<OrganizerRow> | undefined {
  let rows = organizerCache.get(db);
  if (!rows) {
    rows = new Map();
    organizerCache.set(db, rows);
  }
  const cached = rows.get(id);
  if (cached) return cached;
  const row = sql<OrganizerRow>(db, 'SELECT * FROM organizers WHERE id = ?').get(id);
  if (row && !db.inTransaction) rows.set(id, Object.freeze(row));
  return row;
}

/** The only way to change the organizers table: runs the statement and forgets cached rows. */
export function writeOrganizer(db: Db, statement: string, ...args: unknown[]): Database.RunResult {
  return forgetting(db, () => sql(db, statement).run(...args));
}

/** Takes the organizer's next case number (1, 2, …). */
export function nextCaseNumber(db: Db, organizer: string): number {
  const row = forgetting(db, () =>
    sql<{ case_seq: number }>(db, 'UPDATE organizers SET case_seq = case_seq + 1 WHERE id = ? RETURNING case_seq').get(
      organizer,
    ),
  );
  if (!row) throw new Error(`no organizer ${organizer}`);
  return row.case_seq;
}

function forgetting<T>(db: Db, write: () => T): T {
  organizerCache.delete(db);
  try {
    return write();
  } finally {
    organizerCache.delete(db);
  }
}

/** A record of this organizer; another organizer's token is as unknown as a made-up one. */
export function getRecord(db: Db, organizer: string, token: string): RecordRow | undefined {
  const row = sqlRaw(db, RECORD_BY_TOKEN).get(token, organizer);
  return row && recordOf(row);
}

export function getRoadmap(db: Db, organizer: string, token: string): RoadmapRow | undefined {
  return sql<RoadmapRow>(db, 'SELECT * FROM roadmaps WHERE token = ? AND organizer = ?').get(token, organizer);
}

export function roadmapRecords(db: Db, roadmap: string): RecordRow[] {
  return sqlRaw(db, RECORDS_OF_ROADMAP).all(roadmap).map(recordOf);
}

export function getProfile(db: Db, token: string): ProfileRow | undefined {
  const a = sqlRaw(
    db,
    'SELECT token, organizer, external_id, case_number, mobile, name, birth, is_male FROM profiles WHERE token = ?',
  ).get(token);
  return (
    a && {
      token: a[0] as string,
      organizer: a[1] as string,
      external_id: a[2] as number | null,
      case_number: a[3] as string,
      mobile: a[4] as string,
      name: a[5] as string,
      birth: a[6] as string,
      is_male: a[7] as number,
    }
  );
}

export function externalIdTaken(db: Db, organizer: string, externalId: number): boolean {
  return !!sql(db, 'SELECT 1 FROM profiles WHERE organizer = ? AND external_id = ?').get(organizer, externalId);
}

export function insertRecord(
  db: Db,
  row: Omit<RecordRow, 'seq' | 'scores' | 'submit_on'> & Partial<RecordRow> & { answers?: string | null },
): void {
  // Positional parameters: better-sqlite3 looks each named one up on the object.
  sql(
    db,
    `INSERT INTO records (token, organizer, test_id, status, roadmap, role, profile, submit_on, created, answers, scores)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    row.token,
    row.organizer,
    row.test_id,
    row.status,
    row.roadmap,
    row.role,
    row.profile,
    row.submit_on ?? null,
    row.created,
    row.answers ?? null,
    row.scores ?? null,
  );
}

export function insertRoadmap(db: Db, row: RoadmapRow): void {
  sql(
    db,
    'INSERT INTO roadmaps (token, organizer, roles, authenticated, created) VALUES (@token, @organizer, @roles, @authenticated, @created)',
  ).run(row);
}

/** Creates a profile with the organizer's next case number. */
export function insertProfile(db: Db, row: Omit<ProfileRow, 'case_number'>): ProfileRow {
  const seq = nextCaseNumber(db, row.organizer);
  const profile = { ...row, case_number: `SBX-${row.organizer.toUpperCase()}-${String(seq).padStart(5, '0')}` };
  sql(
    db,
    `INSERT INTO profiles (token, organizer, external_id, case_number, mobile, name, birth, is_male)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    profile.token,
    profile.organizer,
    profile.external_id,
    profile.case_number,
    profile.mobile,
    profile.name,
    profile.birth,
    profile.is_male,
  );
  return profile;
}

/** Links a profile to a ready, unauthenticated record; false when the record moved on meanwhile. */
export function linkProfile(db: Db, record: string, profile: string): boolean {
  return (
    sql(db, 'UPDATE records SET profile = ? WHERE token = ? AND status = 2 AND profile IS NULL').run(profile, record)
      .changes === 1
  );
}
