import Database from 'better-sqlite3';
import { refuse } from '../errors/index.js';

export type Db = Database.Database;

/** Tables whose rows an organizer owns: none is written for an organizer that is gone (a revoked key's). */
export const OWNED = ['records', 'roadmaps', 'profiles', 'pending_auths', 'sms_outbox'];
const GONE = 'organizer_gone';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS organizers (
  id TEXT PRIMARY KEY,
  tests_auth_required INTEGER NOT NULL,
  clock_offset_ms INTEGER NOT NULL DEFAULT 0,
  case_seq INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS profiles (
  token TEXT PRIMARY KEY,
  organizer TEXT NOT NULL,
  external_id INTEGER,
  case_number TEXT NOT NULL,
  mobile TEXT NOT NULL,
  name TEXT NOT NULL,
  birth TEXT NOT NULL,
  is_male INTEGER NOT NULL,
  UNIQUE (organizer, external_id)
);
CREATE TABLE IF NOT EXISTS roadmaps (
  token TEXT PRIMARY KEY,
  organizer TEXT NOT NULL,
  roles TEXT NOT NULL,
  authenticated INTEGER NOT NULL DEFAULT 0,
  created INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS roadmaps_by_organizer ON roadmaps (organizer, created);
CREATE TABLE IF NOT EXISTS records (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  token TEXT NOT NULL UNIQUE,
  organizer TEXT NOT NULL,
  test_id TEXT NOT NULL,
  status INTEGER NOT NULL,
  roadmap TEXT,
  role INTEGER,
  profile TEXT,
  submit_on INTEGER,
  created INTEGER NOT NULL,
  answers TEXT,
  scores TEXT
);
CREATE INDEX IF NOT EXISTS records_by_organizer ON records (organizer, created, seq);
CREATE INDEX IF NOT EXISTS records_by_roadmap ON records (roadmap);
CREATE TABLE IF NOT EXISTS pending_auths (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  organizer TEXT NOT NULL,
  kind TEXT NOT NULL,
  target TEXT NOT NULL,
  draft_token TEXT UNIQUE,
  code TEXT NOT NULL,
  mobile TEXT NOT NULL,
  payload TEXT NOT NULL,
  created INTEGER NOT NULL,
  code_expires INTEGER NOT NULL,
  draft_expires INTEGER,
  tries INTEGER NOT NULL DEFAULT 0,
  state TEXT NOT NULL DEFAULT 'open'
);
CREATE INDEX IF NOT EXISTS pending_by_target ON pending_auths (target, state);
CREATE INDEX IF NOT EXISTS pending_by_mobile ON pending_auths (organizer, mobile, state);
CREATE TABLE IF NOT EXISTS sms_outbox (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  organizer TEXT NOT NULL,
  mobile TEXT NOT NULL,
  code TEXT NOT NULL,
  purpose TEXT NOT NULL,
  token TEXT NOT NULL,
  sent_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS outbox_by_mobile ON sms_outbox (organizer, mobile, id);
CREATE TABLE IF NOT EXISTS api_keys (
  id TEXT PRIMARY KEY,
  hash TEXT NOT NULL UNIQUE,
  organizer TEXT NOT NULL UNIQUE,
  mode TEXT NOT NULL,
  label TEXT NOT NULL,
  created INTEGER NOT NULL,
  revoked INTEGER
);
CREATE TABLE IF NOT EXISTS meta (
  name TEXT PRIMARY KEY,
  value BLOB NOT NULL
);
${OWNED.map(
  (table) => `CREATE TRIGGER IF NOT EXISTS ${table}_owned BEFORE INSERT ON ${table}
  WHEN NOT EXISTS (SELECT 1 FROM organizers WHERE id = NEW.organizer)
  BEGIN SELECT RAISE(ABORT, '${GONE}'); END;`,
).join('\n')}
`;

/** A value of this sandbox made once and kept with its state (a `--db` file keeps it across restarts). */
export function metaValue(db: Db, name: string, make: () => Buffer): Buffer {
  sql(db, 'INSERT OR IGNORE INTO meta (name, value) VALUES (?, ?)').run(name, make());
  return (sql<{ value: Buffer }>(db, 'SELECT value FROM meta WHERE name = ?').get(name) as { value: Buffer }).value;
}

/** Opens (and creates) the database: a file, or memory when no path is given. */
export function openDb(path?: string): Db {
  const db = new Database(path ?? ':memory:');
  // Freed pages can be given back to the file system in steps (reclaim), so a reset shrinks the file.
  // The mode takes effect on a new file; an older file is rebuilt once in it.
  db.pragma('auto_vacuum = INCREMENTAL');
  if (path && db.pragma('auto_vacuum', { simple: true }) !== 2) db.exec('VACUUM');
  if (path) {
    // WAL with synchronous=NORMAL: a commit is in the OS before the call returns, so killing the
    // process (kill -9) loses nothing acknowledged; only a power cut could lose the last commits.
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
  }
  db.pragma('foreign_keys = ON');
  db.exec(SCHEMA);
  return db;
}

/**
 * Gives freed pages back to the file system, `pages` at a time with a turn of the event loop
 * between (`turn`), then truncates the write-ahead log: after a reset the file shrinks.
 */
export async function reclaim(db: Db, turn: () => Promise<void>, pages = 1000): Promise<void> {
  while ((db.pragma('freelist_count', { simple: true }) as number) > 0) {
    db.exec(`PRAGMA incremental_vacuum(${pages})`);
    await turn();
  }
  if (db.name !== ':memory:') db.pragma('wal_checkpoint(TRUNCATE)');
}

type Statements = Map<string, Database.Statement<unknown[], unknown>>;

/** A statement prepared once per database and kind: `make` runs only on a text not seen before. */
function cached(
  caches: WeakMap<Db, Statements>,
  db: Db,
  text: string,
  make: () => Database.Statement<unknown[], unknown>,
): Database.Statement<unknown[], unknown> {
  let statements = caches.get(db);
  if (!statements) {
    statements = new Map();
    caches.set(db, statements);
  }
  let statement = statements.get(text);
  if (!statement) {
    statement = make();
    statements.set(text, statement);
  }
  return statement;
}

const named = new WeakMap<Db, Statements>();
const raw = new WeakMap<Db, Statements>();

/** A prepared statement, prepared once per database. */
export function sql<R = unknown>(db: Db, text: string): Database.Statement<unknown[], R> {
  return cached(named, db, text, () => db.prepare(text)) as Database.Statement<unknown[], R>;
}

/**
 * A prepared statement that answers rows as arrays, prepared once per database: better-sqlite3
 * names each column of each row through the engine, which costs more than building the object in
 * JavaScript (rows.ts).
 */
export function sqlRaw(db: Db, text: string): Database.Statement<unknown[], unknown[]> {
  return cached(raw, db, text, () => db.prepare(text).raw(true)) as Database.Statement<unknown[], unknown[]>;
}

type Runner = Database.Transaction<(work: () => unknown) => unknown>;
const runners = new WeakMap<Db, Runner>();

/**
 * Runs `work` in one transaction (`BEGIN`, or `BEGIN IMMEDIATE`, which takes the write lock at
 * once); nested calls become savepoints. better-sqlite3's `db.transaction(fn)` builds four wrapper
 * functions each time, so the wrapper is built once per database and the work passed to it.
 */
export function transaction<T>(db: Db, mode: 'deferred' | 'immediate', work: () => T): T {
  let run = runners.get(db);
  if (!run) {
    run = db.transaction((w: () => unknown) => w());
    runners.set(db, run);
  }
  try {
    return (mode === 'immediate' ? run.immediate(work) : run(work)) as T;
  } catch (error) {
    // A call of a key revoked while it waited its turn: refused as the key now is.
    if ((error as Error).message === GONE) throw refuse('invalidApiKey');
    throw error;
  }
}
