// A key per partner (issue 38 item 1): the host key issues, lists and revokes keys through the
// control API; each partner key owns an organizer, seeded, in the mode asked; no path of either API
// lets one partner key read or change another's data; keys are stored hashed.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contracts } from '../src/contracts.js';
import { keyHash } from '../src/keys/store.js';
import { adult, type Client, client, MOBILE, SMS_KEY, start } from './helpers.js';

const HOST_KEY = 'host-key-of-the-test';
const dir = mkdtempSync(join(tmpdir(), 'sandbox-keys-'));
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

async function issue(mode: 'sms' | 'instant', label: string): Promise<{ id: string; key: string; as: Client }> {
  const issued = await host.post('/__sandbox/keys/', { mode, label });
  expect(issued.status).toBe(200);
  return { id: issued.body.data.id, key: issued.body.data.key, as: client(sandbox.url, issued.body.data.key) };
}

describe('partner keys', () => {
  it('each is issued with an organizer of its own, in its mode and seeded; listed without the key', async () => {
    const a = await issue('sms', 'Clinic A');
    const b = await issue('instant', 'Clinic B');
    for (const [partner, flag] of [
      [a, true],
      [b, false],
    ] as const) {
      const own = (await partner.as.get('/api/v2/record/?page_size=100')).body.data.results;
      expect(own.length).toBeGreaterThan(0);
      expect(own.every((r: { tests_auth_required: boolean }) => r.tests_auth_required === flag)).toBe(true);
    }
    const listed = (await host.get('/__sandbox/keys/')).body.data.keys;
    expect(listed.slice(0, 2)).toEqual([
      { id: b.id, label: 'Clinic B', mode: 'instant', created: expect.any(String), revoked: null },
      { id: a.id, label: 'Clinic A', mode: 'sms', created: expect.any(String), revoked: null },
    ]);
    expect(JSON.stringify(listed)).not.toContain(a.key);
  });

  it('are stored as their SHA-256, never as they are', async () => {
    const a = await issue('sms', 'hashed');
    const bytes = readFileSync(db).toString('latin1') + readFileSync(`${db}-wal`).toString('latin1');
    expect(bytes).not.toContain(a.key);
    expect(bytes).toContain(keyHash(a.key));
  });

  it("reach nothing of another partner's through any operation of the API or the control API", async () => {
    const a = await issue('sms', 'owner');
    const b = await issue('sms', 'intruder');
    const record = await a.as.record('career-interest', 'vip_wait');
    const { token: roadmap } = await a.as.roadmap();
    // Every operation that names a record or a roadmap, with its first request example.
    const ops = contracts().flatMap((c) =>
      c.operations
        .filter((op) => !c.hostOnly.has(op.operationId) && op.path.includes('{token}'))
        .map((op) => ({ prefix: c.prefix, op })),
    );
    expect(ops.length).toBeGreaterThanOrEqual(9);
    for (const { prefix, op } of ops) {
      const token = op.path.startsWith('/roadmap/') ? roadmap : record;
      const body = op.requestBody ? Object.values(op.requestBody.examples)[0] : undefined;
      const reply = await b.as.call(op.method.toUpperCase(), `${prefix}${op.path.replace('{token}', token)}`, body);
      expect([op.operationId, reply.status]).toEqual([op.operationId, 404]);
    }
    // A's SMS codes are not B's to read; what B does to its own organizer leaves A's as it was.
    await a.as.post(`/api/v2/record/${await a.as.record()}/auth/`, { mobile: MOBILE, profile: adult });
    expect((await b.as.get(`/__sandbox/sms/?mobile=${MOBILE}`)).body.data.count).toBe(0);
    await b.as.post(`/api/v2/record/${await b.as.record()}/auth/`, { mobile: MOBILE, profile: adult });
    expect((await b.as.advance(3600)).status).toBe(200);
    expect((await b.as.post('/__sandbox/reset/')).status).toBe(200);
    expect((await a.as.get(`/__sandbox/sms/?mobile=${MOBILE}`)).body.data.count).toBe(1);
    const mine = await a.as.get(`/api/v2/record/${record}/`);
    expect([mine.status, mine.body.data.status, mine.body.data.create]).toEqual([200, 0, expect.any(String)]);
    expect((await a.as.get(`/api/v2/roadmap/${roadmap}/`)).status).toBe(200);
  });

  it('only the host key manages keys, and the host key names no organizer', async () => {
    const a = await issue('instant', 'not a host');
    for (const who of [a.as, sandbox.as(SMS_KEY)]) {
      const refused = await who.get('/__sandbox/keys/');
      expect([refused.status, refused.body.messages[0].code]).toEqual([403, 'host_key_required']);
      expect((await who.post('/__sandbox/keys/', { mode: 'sms' })).status).toBe(403);
      expect((await who.post(`/__sandbox/keys/${a.id}/revoke/`)).status).toBe(403);
    }
    for (const path of ['/api/v2/record/', '/__sandbox/sms/?mobile=09120000000']) {
      const refused = await host.get(path);
      expect([refused.status, refused.body.messages[0].code]).toEqual([401, 'invalid_api_key']);
    }
  });

  it('a revoked key answers 401 at once; its data is gone; revoking again changes nothing', async () => {
    const a = await issue('sms', 'leaving');
    const token = await a.as.record();
    const revoked = await host.post(`/__sandbox/keys/${a.id}/revoke/`);
    expect(revoked.body.data).toMatchObject({ id: a.id, revoked: expect.any(String) });
    expect((await a.as.get('/api/v2/record/')).status).toBe(401);
    expect((await a.as.get(`/api/v2/record/${token}/`)).body.messages[0].code).toBe('invalid_api_key');
    const again = await host.post(`/__sandbox/keys/${a.id}/revoke/`);
    expect(again.body.data.revoked).toBe(revoked.body.data.revoked);
    expect((await host.post('/__sandbox/keys/000000000000/revoke/')).status).toBe(404);
  });
});
