import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFormSecrets, formKey } from '../src/forms/secret.js';
import { openDb, sql } from '../src/store/db.js';

const TOKEN = '0b9e2c4a-6f1d-4e8b-a3c5-7d2f9e1b4a60';
const NOW = Date.parse('2026-11-20T06:00:00Z');
const TTL = 3_600_000;
const secrets = createFormSecrets(Buffer.alloc(32, 7), TTL);
const issued = secrets.issue(TOKEN, NOW);

describe('form secrets', () => {
  it.each([
    // given token, secret, when → want
    ['its own, at once', TOKEN, issued, NOW, true],
    ['its own, just before it expires', TOKEN, issued, NOW + TTL - 1000, true],
    ['its own, after it expired', TOKEN, issued, NOW + TTL + 1000, false],
    ['another record’s', '1b9e2c4a-6f1d-4e8b-a3c5-7d2f9e1b4a60', issued, NOW, false],
    ['one with its expiry moved', TOKEN, issued.replace(/^\d+/, (e) => String(Number(e) + 3600)), NOW, false],
    ['none', TOKEN, null, NOW, false],
    ['garbage', TOKEN, 'x.y', NOW, false],
  ] as const)('%s: %s', (_, token, secret, when, want) => {
    expect(secrets.check(token, secret, when)).toBe(want);
  });

  it('another sandbox (another key) takes none of this one’s', () => {
    expect(createFormSecrets(Buffer.alloc(32, 8), TTL).check(TOKEN, issued, NOW)).toBe(false);
  });
});

describe('the key the form secrets are signed with', () => {
  const stored = (db: ReturnType<typeof openDb>) =>
    sql<{ n: number }>(db, "SELECT count(*) AS n FROM meta WHERE name = 'form-secret-key'").get()?.n;

  it('with a host key, is derived from it and never lies in the database beside the data', () => {
    // The issue's attack: the form secrets' signing key lay in clear beside the data.
    const dir = mkdtempSync(join(tmpdir(), 'form-key-'));
    try {
      const file = join(dir, 'sandbox.db');
      let db = openDb(file);
      formKey(db, undefined); // an older, local start stored one
      expect(stored(db)).toBe(1);
      const key = formKey(db, 'the-host-key');
      expect(stored(db)).toBe(0);
      db.close();
      // After a restart with the same host key, the same key: forms issued before are taken.
      db = openDb(file);
      expect(formKey(db, 'the-host-key').equals(key)).toBe(true);
      expect(formKey(db, 'another-host-key').equals(key)).toBe(false);
      expect(readFileSync(file).includes(key)).toBe(false);
      db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
