// The attacks of issue 30 on a sandbox started as a partner starts it (its CLI, a --db file), each
// against the bound that now holds: paged lists, quotas, a reset that gives the disk back, the
// mobile limit under concurrency and the per-number SMS throttle.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { residentBytes } from '@tas/serve/flood';
import { launchReady, type Running } from '@tas/serve/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { PAGES, QUOTAS, SMS_THROTTLE } from '../src/hosting-quotas.js';
import { SMS } from '../src/rules/sms.js';
import { fillDb } from './fill.js';
import { adult, client, INSTANT_KEY, SMS_KEY } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'sandbox-hosted-'));
const running: Running[] = [];
afterAll(async () => {
  for (const child of running) await child.stop('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

async function launch(db: string, ...flags: string[]) {
  const cli = new URL('../src/cli.ts', import.meta.url).pathname;
  const sandbox = await launchReady(
    [process.execPath, '--import', 'tsx', cli, '--port', '0', '--db', db, '--quiet', ...flags],
    /listening on (http:\/\/\S+)/,
  );
  running.push(sandbox);
  return { url: sandbox.ready[1] as string, pid: sandbox.child.pid as number };
}

/** The file's size on disk with its write-ahead log. */
const onDisk = (db: string) =>
  [db, `${db}-wal`].reduce((sum, f) => sum + (statSync(f, { throwIfNoEntry: false })?.size ?? 0), 0);

describe('a key that filled its quotas with the largest roadmaps', () => {
  const db = join(dir, 'full.db');
  // 100 roadmaps of 200 records: the record quota, in the largest roadmaps the control API makes.
  const roadmaps = QUOTAS.records / 200;
  let sandbox: Awaited<ReturnType<typeof launch>>;

  it('20 concurrent reads of the roadmap list each answer one bounded page; the sandbox stays small', async () => {
    fillDb(db, { organizer: 'instant', roadmaps });
    sandbox = await launch(db, '--no-rate-limit');
    const before = await residentBytes(sandbox.pid);
    const path = `/__sandbox/roadmaps/?page_size=${PAGES.roadmaps.max}`;
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => fetch(`${sandbox.url}${path}`, { headers: { 'API-KEY': INSTANT_KEY } })),
    );
    const texts = await Promise.all(replies.map((r) => r.text()));
    expect(replies.map((r) => r.status)).toEqual(replies.map(() => 200));
    for (const text of texts) {
      const data = JSON.parse(text).data;
      expect(data.roadmaps).toHaveLength(PAGES.roadmaps.max);
      expect([data.count, data.next_page]).toEqual([roadmaps + 1, 2]);
    }
    // Whole, the list was about 550 MB an answer at the size; a page is at most 20 roadmaps.
    const largest = Math.max(...texts.map((t) => Buffer.byteLength(t)));
    expect(largest).toBeLessThan(4 * 1024 * 1024);
    expect(await residentBytes(sandbox.pid)).toBeLessThan(before + 20 * largest + 200 * 1024 * 1024);
    const tooLarge = await client(sandbox.url, INSTANT_KEY).get(
      `/__sandbox/roadmaps/?page_size=${PAGES.roadmaps.max + 1}`,
    );
    expect(tooLarge.status).toBe(400);
  });

  it('the pages walk every roadmap once, newest first', async () => {
    const api = client(sandbox.url, INSTANT_KEY);
    const seen: string[] = [];
    for (let page: number | null = 1; page !== null; ) {
      const reply = await api.get(`/__sandbox/roadmaps/?page_size=${PAGES.roadmaps.max}&page=${page}`);
      seen.push(...reply.body.data.roadmaps.map((r: { token: string }) => r.token));
      page = reply.body.data.next_page;
    }
    expect(new Set(seen).size).toBe(roadmaps + 1);
  });

  it('at the record quota a new record or roadmap is refused with 409 quota_exceeded naming the reset', async () => {
    const api = client(sandbox.url, INSTANT_KEY);
    for (const reply of [
      await api.post('/__sandbox/records/', { test_id: 'career-interest' }),
      await api.post('/__sandbox/roadmaps/', {}),
    ]) {
      expect([reply.status, reply.body.messages[0].code]).toEqual([409, 'quota_exceeded']);
      expect(reply.body.messages[0].text).toContain(`of its ${QUOTAS.records} records`);
      expect(reply.body.messages[0].text).toContain('POST /__sandbox/reset/');
    }
    // The other key is not held by this one's quota.
    expect(
      (await client(sandbox.url, SMS_KEY).post('/__sandbox/records/', { test_id: 'career-interest' })).status,
    ).toBe(200);
  });

  it('a reset frees the quota and gives the space back: the database file shrinks', async () => {
    const api = client(sandbox.url, INSTANT_KEY);
    const full = onDisk(db);
    const reset = await api.post('/__sandbox/reset/');
    expect(reset.status).toBe(200);
    expect(onDisk(db)).toBeLessThan(full / 4);
    expect((await api.post('/__sandbox/records/', { test_id: 'career-interest' })).status).toBe(200);
    expect((await api.get('/__sandbox/roadmaps/')).body.data.count).toBe(1);
  });
});

describe('SMS: the outbox quota, the mobile limit and the per-number throttle', () => {
  const db = join(dir, 'sms.db');
  let sandbox: Awaited<ReturnType<typeof launch>>;
  const auth = (api: ReturnType<typeof client>, token: string, mobile: string) =>
    api.post(`/api/v2/record/${token}/auth/`, { mobile, profile: adult });

  it('a key with a full outbox: an SMS send is refused with 400 quota_exceeded until a reset', async () => {
    fillDb(db, { organizer: 'sms', outbox: QUOTAS.outbox });
    sandbox = await launch(db, '--no-rate-limit');
    const api = client(sandbox.url, SMS_KEY);
    const refused = await auth(api, await api.record(), '09121110000');
    expect([refused.status, refused.body.messages[0].code]).toEqual([400, 'quota_exceeded']);
    expect(refused.body.messages[0].text).toContain('POST /__sandbox/reset/');
    // The outbox of the filled number is paged (it held 1,050 against its own 1,000 before).
    const outbox = await api.get(`/__sandbox/sms/?mobile=09120000000&page_size=${PAGES.outbox.max}`);
    expect([outbox.body.data.count, outbox.body.data.messages.length]).toEqual([QUOTAS.outbox, PAGES.outbox.max]);
    expect((await api.post('/__sandbox/reset/')).status).toBe(200);
    expect((await auth(api, await api.record(), '09121110000')).status).toBe(200);
  });

  it(`40 concurrent sends to one number: ${SMS_THROTTLE.codes} codes go, the rest 400 sms_throttled`, async () => {
    const api = client(sandbox.url, SMS_KEY);
    const tokens = await Promise.all(Array.from({ length: 40 }, () => api.record()));
    const replies = await Promise.all(tokens.map((token) => auth(api, token, '09122220000')));
    const codes = replies.map((r) => (r.status === 200 ? 'sent' : r.body.messages[0].code));
    expect(codes.filter((c) => c === 'sent')).toHaveLength(SMS_THROTTLE.codes);
    expect(codes.filter((c) => c === 'sms_throttled')).toHaveLength(40 - SMS_THROTTLE.codes);
    expect(replies.find((r) => r.status === 400)?.body.messages[0].text).toMatch(/retry after \d+ s/);
    const outbox = await api.get('/__sandbox/sms/?mobile=09122220000');
    expect(outbox.body.data.count).toBe(SMS_THROTTLE.codes);
  });

  it(`authentications opened on one number, then all verified at once: ${SMS.mobileLimit} complete`, async () => {
    const api = client(sandbox.url, SMS_KEY);
    const mobile = '09123330000';
    const opened: string[] = [];
    // As many as the throttle lets through within a code's life: a window's worth, the clock moved past it, again.
    for (let batch = 0; batch < 2; batch++) {
      const tokens = await Promise.all(Array.from({ length: SMS_THROTTLE.codes }, () => api.record()));
      for (const token of tokens) expect((await auth(api, token, mobile)).status).toBe(200);
      opened.push(...tokens);
      if (batch === 0) expect((await api.advance(SMS_THROTTLE.windowSeconds)).status).toBe(200);
    }
    expect(opened.length).toBeGreaterThan(SMS.mobileLimit);
    const outbox = (await api.get(`/__sandbox/sms/?mobile=${mobile}&page_size=100`)).body.data.messages;
    const codeOf = new Map(outbox.map((m: { token: string; code: string }) => [m.token, m.code]));
    const verified = await Promise.all(
      opened.map((token) => api.put(`/api/v2/record/${token}/auth/verify/`, { code: codeOf.get(token) })),
    );
    const outcomes = verified.map((r) => (r.status === 200 ? 'done' : r.body.messages[0].code));
    expect(outcomes.filter((o) => o === 'done')).toHaveLength(SMS.mobileLimit);
    expect(outcomes.filter((o) => o === 'mobile_limit')).toHaveLength(opened.length - SMS.mobileLimit);
  });
});
