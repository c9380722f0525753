// The transaction helper: one wrapper per database, the same guarantees as db.transaction().
import { describe, expect, it } from 'vitest';
import { openDb, sql, transaction } from '../src/store/db.js';

function fresh() {
  const db = openDb();
  db.exec('CREATE TABLE t (v INTEGER)');
  const count = () => (sql<{ n: number }>(db, 'SELECT count(*) AS n FROM t').get() as { n: number }).n;
  const add = () => sql(db, 'INSERT INTO t (v) VALUES (1)').run();
  return { db, count, add };
}

describe('transaction', () => {
  it.each(['deferred', 'immediate'] as const)('%s: commits and answers what the work returns', (mode) => {
    const { db, count, add } = fresh();
    const answer = transaction(db, mode, () => {
      add();
      return 'done';
    });
    expect(answer).toBe('done');
    expect(count()).toBe(1);
    expect(db.inTransaction).toBe(false);
  });

  it.each(['deferred', 'immediate'] as const)('%s: a throw rolls back every write and is rethrown', (mode) => {
    const { db, count, add } = fresh();
    expect(() =>
      transaction(db, mode, () => {
        add();
        add();
        throw new Error('refused');
      }),
    ).toThrow('refused');
    expect(count()).toBe(0);
    expect(db.inTransaction).toBe(false);
  });

  it('a nested call is a savepoint: its caught throw undoes only its own writes', () => {
    const { db, count, add } = fresh();
    transaction(db, 'immediate', () => {
      add();
      try {
        transaction(db, 'immediate', () => {
          add();
          throw new Error('inner');
        });
      } catch {}
    });
    expect(count()).toBe(1);
  });
});
