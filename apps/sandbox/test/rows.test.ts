// Record rows are read as arrays and named in JavaScript; they must equal what SQLite names.
import { describe, expect, it } from 'vitest';
import { findTest } from '../src/catalog/tests.js';
import { createRecord, createRoadmap, type RecordState } from '../src/store/create.js';
import { openDb, sql } from '../src/store/db.js';
import { getProfile, getRecord, RECORD_COLUMNS, roadmapRecords } from '../src/store/rows.js';
import { defaultRoles, ensureSeed } from '../src/store/seed.js';

describe('rows read as arrays', () => {
  const db = openDb();
  const now = Date.UTC(2026, 0, 1);
  ensureSeed(db, now);
  const test = findTest('career-interest');
  if (!test) throw new Error('no career-interest test in the catalog');

  it.each<RecordState>(['vip_wait', 'ready', 'authenticated', 'finished'])('a %s record, column by column', (state) => {
    const { token } = createRecord(db, 'sms', test, state, now);
    const named = sql(db, `SELECT ${RECORD_COLUMNS} FROM records WHERE token = ?`).get(token);
    expect(getRecord(db, 'sms', token)).toStrictEqual(named);
  });

  it('a record of a roadmap, with its roadmap and role', () => {
    const roadmap = createRoadmap(db, 'sms', defaultRoles(), now);
    const [first] = roadmapRecords(db, roadmap);
    if (!first) throw new Error('the roadmap has no records');
    const named = sql(db, `SELECT ${RECORD_COLUMNS} FROM records WHERE token = ?`).get(first.token);
    expect(named).toMatchObject({ roadmap, role: expect.any(Number) });
    expect(getRecord(db, 'sms', first.token)).toStrictEqual(named);
    const all = sql(db, `SELECT ${RECORD_COLUMNS} FROM records WHERE roadmap = ? ORDER BY role, seq`).all(roadmap);
    expect(all.length).toBeGreaterThan(1);
    expect(roadmapRecords(db, roadmap)).toStrictEqual(all);
  });

  it('the profile of an authenticated record, column by column', () => {
    const { profile } = createRecord(db, 'sms', test, 'authenticated', now);
    const named = sql(db, 'SELECT * FROM profiles WHERE token = ?').get(profile);
    expect(named).toMatchObject({ is_male: expect.any(Number), case_number: expect.any(String) });
    expect(getProfile(db, profile as string)).toStrictEqual(named);
  });

  it('another organizer reads nothing', () => {
    const { token } = createRecord(db, 'sms', test, 'ready', now);
    expect(getRecord(db, 'instant', token)).toBeUndefined();
  });
});
