import { exampleData } from '../catalog/examples.js';
import { findTest } from '../catalog/tests.js';
import type { TestDefinition } from '../catalog/types.js';
import { STEP_ROWS } from '../hosting-quotas.js';
import { createRecord, createRoadmap, type RecordState } from './create.js';
import { type Db, OWNED, reclaim, sql, transaction } from './db.js';
import { writeOrganizer } from './rows.js';

export const ORGANIZERS = [
  { id: 'sms', tests_auth_required: true },
  { id: 'instant', tests_auth_required: false },
] as const;
export type OrganizerId = (typeof ORGANIZERS)[number]['id'];

const test = (id: string): TestDefinition => {
  const found = findTest(id);
  if (!found) throw new Error(`seed names an unknown test ${id}`);
  return found;
};
const exampleRoles = exampleData<{ roles: { id: number; title: string }[] }>('RoadmapReady').roles;

/** The default two roles of a roadmap: the child (cas-child) and the parent (parenting-style). */
export function defaultRoles() {
  return exampleRoles.map((role, i) => ({ ...role, tests: [test(i === 0 ? 'cas-child' : 'parenting-style')] }));
}

/**
 * The seed of one organizer. Its tokens are random, new in every sandbox and after every reset: a
 * token known from another sandbox (or from before a reset) names nothing here.
 */
export function seedOrganizer(db: Db, organizer: string, now: number): void {
  const states: RecordState[] = ['vip_wait', 'ready', 'authenticated', 'finished'];
  for (const state of states) createRecord(db, organizer, test('career-interest'), state, now);
  for (const id of ['symptom-195', 'raven-html']) createRecord(db, organizer, test(id), 'ready', now);
  createRoadmap(db, organizer, defaultRoles(), now);
}

/** Creates the organizers and their seed once; a file database keeps its state across restarts. */
export function ensureSeed(db: Db, now: number): void {
  transaction(db, 'deferred', () => {
    for (const org of ORGANIZERS) {
      const inserted = writeOrganizer(
        db,
        'INSERT OR IGNORE INTO organizers (id, tests_auth_required) VALUES (?, ?)',
        org.id,
        org.tests_auth_required ? 1 : 0,
      );
      if (inserted.changes === 1) seedOrganizer(db, org.id, now);
    }
  });
}

const immediately = async () => {};

/** Deletes this organizer's rows, STEP_ROWS at a time with `turn` between (other keys' calls run meanwhile). */
async function deleteRows(db: Db, organizer: string, turn: () => Promise<void>): Promise<void> {
  for (const table of OWNED) {
    const step = sql(
      db,
      `DELETE FROM ${table} WHERE rowid IN (SELECT rowid FROM ${table} WHERE organizer = ? LIMIT ${STEP_ROWS})`,
    );
    while (step.run(organizer).changes === STEP_ROWS) await turn();
  }
}

/**
 * Back to the seed: this organizer's records, roadmaps, profiles, codes and clock are dropped and
 * re-made, and the space they took is given back. What is left after the steps goes with the new
 * seed in one transaction.
 */
export async function resetOrganizer(
  db: Db,
  organizer: string,
  now: number,
  turn: () => Promise<void> = immediately,
): Promise<void> {
  await deleteRows(db, organizer, turn);
  transaction(db, 'immediate', () => {
    for (const table of OWNED) sql(db, `DELETE FROM ${table} WHERE organizer = ?`).run(organizer);
    writeOrganizer(db, 'UPDATE organizers SET clock_offset_ms = 0, case_seq = 0 WHERE id = ?', organizer);
    seedOrganizer(db, organizer, now);
  });
  await reclaim(db, turn);
}

/** An organizer gone (its key revoked): its rows are deleted and the space given back. */
export async function dropOrganizer(db: Db, organizer: string, turn: () => Promise<void> = immediately) {
  await deleteRows(db, organizer, turn);
  transaction(db, 'immediate', () => {
    for (const table of OWNED) sql(db, `DELETE FROM ${table} WHERE organizer = ?`).run(organizer);
    writeOrganizer(db, 'DELETE FROM organizers WHERE id = ?', organizer);
  });
  await reclaim(db, turn);
}
