// The organizer rows are cached between requests; these prove a write is seen at once and a
// rolled-back write is never served.
import { describe, expect, it } from 'vitest';
import { openDb, transaction } from '../src/store/db.js';
import { getOrganizer, insertProfile, writeOrganizer } from '../src/store/rows.js';
import { ensureSeed, resetOrganizer } from '../src/store/seed.js';

function seeded() {
  const db = openDb();
  ensureSeed(db, Date.UTC(2026, 0, 1));
  return db;
}

const profile = (token: string, externalId: number | null) => ({
  token,
  organizer: 'sms',
  external_id: externalId,
  mobile: '09121234567',
  name: 'علی رضایی',
  birth: '1990-04-21',
  is_male: 1,
});

describe('organizer rows', () => {
  it('a clock advance is seen by the next read', () => {
    const db = seeded();
    expect(getOrganizer(db, 'sms')?.clock_offset_ms).toBe(0);
    writeOrganizer(db, 'UPDATE organizers SET clock_offset_ms = clock_offset_ms + ? WHERE id = ?', 60_000, 'sms');
    expect(getOrganizer(db, 'sms')?.clock_offset_ms).toBe(60_000);
  });

  it('a new case number and a reset are seen by the next read', async () => {
    const db = seeded();
    const seed = getOrganizer(db, 'sms')?.case_seq as number;
    insertProfile(db, profile('p-1', null));
    expect(getOrganizer(db, 'sms')?.case_seq).toBe(seed + 1);
    await resetOrganizer(db, 'sms', Date.UTC(2026, 0, 1));
    expect(getOrganizer(db, 'sms')?.case_seq).toBe(seed);
  });

  it('a write undone by a rollback is not served afterwards', () => {
    const db = seeded();
    expect(() =>
      transaction(db, 'immediate', () => {
        writeOrganizer(db, 'UPDATE organizers SET clock_offset_ms = 5000 WHERE id = ?', 'sms');
        expect(getOrganizer(db, 'sms')?.clock_offset_ms).toBe(5000);
        throw new Error('refused');
      }),
    ).toThrow('refused');
    expect(getOrganizer(db, 'sms')?.clock_offset_ms).toBe(0);
  });

  it('a case number taken in a rolled-back transaction is given again', () => {
    const db = seeded();
    insertProfile(db, profile('p-1', 7));
    const before = getOrganizer(db, 'sms')?.case_seq;
    // The second profile repeats external_id 7: the insert fails after case_seq was raised.
    expect(() => transaction(db, 'immediate', () => insertProfile(db, profile('p-2', 7)))).toThrow(/UNIQUE/);
    expect(getOrganizer(db, 'sms')?.case_seq).toBe(before);
  });

  it('hands out rows that callers cannot change', () => {
    const db = seeded();
    const row = getOrganizer(db, 'sms') as { clock_offset_ms: number };
    expect(() => {
      row.clock_offset_ms = 5;
    }).toThrow(TypeError);
    expect(getOrganizer(db, 'sms')?.clock_offset_ms).toBe(0);
  });
});
