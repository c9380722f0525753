import { findTest } from '../src/catalog/tests.js';
import { createRoadmap, type RoleSpec } from '../src/store/create.js';
import { openDb, sql, transaction } from '../src/store/db.js';
import { ensureSeed } from '../src/store/seed.js';

/** The largest roadmap the control API makes: 20 roles of 10 tests, 200 records. */
export function largestRoles(): RoleSpec[] {
  const ids = ['career-interest', 'symptom-195', 'raven-html', 'parenting-style', 'career-interest'];
  const tests = Array.from({ length: 10 }, (_, i) => findTest(ids[i % ids.length] as string));
  if (tests.some((t) => !t)) throw new Error('a test of the fill is missing');
  return Array.from({ length: 20 }, (_, i) => ({
    id: i + 1,
    title: `نقش ${i + 1}`,
    tests: tests as RoleSpec['tests'],
  }));
}

/**
 * A database file as a busy key leaves it, written before the sandbox opens it (filling it over HTTP
 * would take minutes): `roadmaps` of the largest kind for `organizer`, and `outbox` SMS entries.
 */
export function fillDb(file: string, o: { organizer: string; roadmaps?: number; outbox?: number; now?: number }) {
  const db = openDb(file);
  const now = o.now ?? Date.now();
  ensureSeed(db, now);
  transaction(db, 'immediate', () => {
    const roles = largestRoles();
    for (let i = 0; i < (o.roadmaps ?? 0); i++) createRoadmap(db, o.organizer, roles, now - i);
    const sms = sql(
      db,
      "INSERT INTO sms_outbox (organizer, mobile, code, purpose, token, sent_at) VALUES (?, '09120000000', '12345', 'record', ?, ?)",
    );
    for (let i = 0; i < (o.outbox ?? 0); i++) sms.run(o.organizer, crypto.randomUUID(), now - 3_600_000);
  });
  db.close();
}
