// Keys as a host meets them (issue 43 item 3): a key revoked while its calls wait their turn leaves
// no row that no key owns; labels that would forge a row of `keys list` are refused; `keys list |
// head` ends quietly when its reader goes.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run, tsxCommand } from '@tas/serve/testing';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWNED } from '../src/store/db.js';
import { type Client, client, start } from './helpers.js';

const HOST_KEY = 'host-key-of-the-test';
const cli = new URL('../src/cli.ts', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'sandbox-revoke-'));
const db = join(dir, 'sandbox.db');
let sandbox: Awaited<ReturnType<typeof start>>;
let host: Client;
beforeAll(async () => {
  sandbox = await start({ db, keys: { host: HOST_KEY } });
  host = sandbox.as(HOST_KEY);
});
afterAll(async () => {
  await sandbox?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Rows of the owned tables whose organizer is gone. */
function orphans(): number {
  const read = new Database(db, { readonly: true });
  try {
    return OWNED.reduce(
      (n, table) =>
        n +
        (
          read
            .prepare(`SELECT count(*) AS n FROM ${table} WHERE organizer NOT IN (SELECT id FROM organizers)`)
            .get() as {
            n: number;
          }
        ).n,
      0,
    );
  } finally {
    read.close();
  }
}

describe('a partner key revoked', () => {
  it('while its calls wait their turn: they are refused 401 or done before, and no row is left that no key owns', async () => {
    // The attack: revoking a key while its calls were queued left records and roadmaps no key owned.
    const issued = (await host.post('/__sandbox/keys/', { mode: 'instant', label: 'leaving' })).body.data;
    const partner = client(sandbox.url, issued.key);
    const calls = Array.from({ length: 48 }, () => partner.post('/__sandbox/roadmaps/', {}));
    // Revoked once the first is answered: the others are in, waiting their turn (two in flight at once).
    await Promise.race(calls);
    const revoked = await host.post(`/__sandbox/keys/${issued.id}/revoke/`);
    expect(revoked.status).toBe(200);
    const statuses = (await Promise.all(calls)).map((r) => r.status);
    expect(statuses.every((s) => s === 200 || s === 401 || s === 429)).toBe(true);
    expect(statuses).toContain(401);
    expect(orphans()).toBe(0);
  });
});

describe('labels', () => {
  it.each(['a\tb', 'Clinic\nforged-row\tsms', 'bell\u0007'])(
    '%j is refused by the control API and by keys issue',
    async (label) => {
      const answer = await host.post('/__sandbox/keys/', { mode: 'sms', label });
      expect(answer.status).toBe(400);
      const ran = await run(tsxCommand(cli, ['keys', 'issue', '--db', db, '--label', label]));
      expect(ran.code).toBe(2);
      expect(ran.stderr).toContain('no tab, line break or other control character');
      expect(ran.stdout).toBe('');
    },
  );
});

describe('keys list', () => {
  it('ends quietly when its reader has gone (keys list | head)', async () => {
    const [file, ...args] = tsxCommand(cli, ['keys', 'list', '--db', db]) as [string, ...string[]];
    const child = spawn(file, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    // The reader goes before the first line: every write meets a closed pipe (EPIPE).
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).not.toMatch(/EPIPE|at .*\(/);
    expect(code).toBe(0);
  });
});
