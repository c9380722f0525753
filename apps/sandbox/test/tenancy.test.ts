import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYLESS } from '../src/hosting-quotas.js';
import { adult, client, INSTANT_KEY, MOBILE, NOW, type Reply, SMS_KEY, start } from './helpers.js';

describe('keys and tenants', () => {
  let sandbox: Awaited<ReturnType<typeof start>>;
  beforeAll(async () => {
    sandbox = await start();
  });
  afterAll(() => sandbox.close());

  it.each([
    ['no API-KEY header', undefined, 'missing_api_key'],
    ['an empty API-KEY', '', 'missing_api_key'],
    ['an unknown API-KEY', 'sandbox-key-nobody', 'invalid_api_key'],
  ])('%s answers 401 %s, before anything else', async (_, key, code) => {
    for (const path of ['/api/v2/record/', '/api/v2/nowhere/', '/__sandbox/reset/']) {
      const reply = await sandbox.as(key).get(path);
      expect([reply.status, reply.body.messages[0].code]).toEqual([401, code]);
    }
  });

  it("another organizer's record and roadmap answer 404, in the API and the control API", async () => {
    const sms = sandbox.as(SMS_KEY);
    const instant = sandbox.as(INSTANT_KEY);
    const token = await sms.record('career-interest', 'vip_wait');
    const { token: roadmap } = await sms.roadmap();
    const foreign = [
      instant.get(`/api/v2/record/${token}/`),
      instant.get(`/api/v2/record/${token}/questions/`),
      instant.post(`/api/v2/record/${token}/auth/`, { mobile: MOBILE, profile: adult }),
      instant.get(`/api/v2/roadmap/${roadmap}/`),
      instant.post(`/__sandbox/records/${token}/complete-vip/`),
    ];
    for (const reply of await Promise.all(foreign))
      expect([reply.status, reply.body.messages[0].code]).toEqual([404, 'not_found']);
    expect((await sms.get(`/api/v2/record/${token}/`)).status).toBe(200);
  });

  it('each organizer lists only its own records, with its own tests_auth_required', async () => {
    for (const [key, flag] of [
      [SMS_KEY, true],
      [INSTANT_KEY, false],
    ] as const) {
      const list = await sandbox.as(key).get('/api/v2/record/?page_size=100');
      const own = list.body.data.results;
      expect(own.length).toBeGreaterThan(0);
      expect(own.every((r: { tests_auth_required: boolean }) => r.tests_auth_required === flag)).toBe(true);
    }
  });

  it('keys can be overridden; the defaults then answer 401', async () => {
    const custom = await start({ keys: { sms: 'k-sms', instant: 'k-instant' } });
    try {
      expect((await client(custom.url, 'k-sms').get('/api/v2/record/')).status).toBe(200);
      expect((await client(custom.url, SMS_KEY).get('/api/v2/record/')).status).toBe(401);
    } finally {
      await custom.close();
    }
  });
});

describe('rate limit', () => {
  it('per key: past the minute limit, 429 rate_limited with Retry-After; the other key and the control API go on', async () => {
    let now = NOW + 15_000; // 15 s into a minute
    const sandbox = await start({ rateLimit: { perMinute: 5, perHour: 8 }, now: () => now });
    try {
      const sms = sandbox.as(SMS_KEY);
      for (let i = 0; i < 5; i++) expect((await sms.get('/api/v2/record/')).status).toBe(200);
      const limited = await sms.get('/api/v2/record/');
      expect([limited.status, limited.body.messages[0].code]).toEqual([429, 'rate_limited']);
      expect(limited.headers.get('retry-after')).toBe('45');
      expect((await sms.get('/api/v2/nowhere/')).status).toBe(429); // before routing
      expect((await sandbox.as(INSTANT_KEY).get('/api/v2/record/')).status).toBe(200);
      expect((await sms.get('/__sandbox/sms/?mobile=09120000000')).status).toBe(200);
      // Moving its own clock a minute on opens no new window: the limit counts real time.
      expect((await sms.advance(61)).status).toBe(200);
      expect((await sms.get('/api/v2/record/')).status).toBe(429);
      now += 45_000; // the next minute: 3 calls left of the hour's 8
      for (let i = 0; i < 3; i++) expect((await sms.get('/api/v2/record/')).status).toBe(200);
      const hourly = await sms.get('/api/v2/record/');
      expect(hourly.status).toBe(429);
      expect(Number(hourly.headers.get('retry-after'))).toBe(3600 - 60);
    } finally {
      await sandbox.close();
    }
  });

  it("every answer counted states the key's figures, exposed to a page; the hour's once it is the closer", async () => {
    let now = NOW + 15_000;
    const sandbox = await start({ rateLimit: { perMinute: 5, perHour: 8 }, now: () => now });
    const figures = (r: Reply) => ['limit', 'remaining', 'reset', 'policy'].map((f) => r.headers.get(`ratelimit-${f}`));
    try {
      const sms = sandbox.as(SMS_KEY);
      expect(figures(await sms.get('/api/v2/record/'))).toEqual(['5', '4', '45', '5;w=60, 8;w=3600']);
      // A refusal after counting carries them too; a page on this machine may read them.
      const refused = await sms.call('GET', '/api/v2/record/00000000-0000-4000-8000-000000000000/', undefined, {
        Origin: 'http://localhost:8080',
      });
      expect([refused.status, ...figures(refused)]).toEqual([404, '5', '3', '45', '5;w=60, 8;w=3600']);
      expect(refused.headers.get('access-control-expose-headers')).toMatch(
        /RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, RateLimit-Policy/,
      );
      for (let i = 0; i < 3; i++) await sms.get('/api/v2/record/');
      expect(figures(await sms.get('/api/v2/record/'))).toEqual(['5', '0', '45', '5;w=60, 8;w=3600']);
      now += 60_000; // the next minute: 3 of the hour's 8 left, fewer than the minute's 5
      expect(figures(await sms.get('/api/v2/record/'))).toEqual(['8', '2', String(3600 - 75), '5;w=60, 8;w=3600']);
    } finally {
      await sandbox.close();
    }
  });

  it('is on by default with the interface values (100 per minute)', async () => {
    const sandbox = await start({ rateLimit: undefined });
    try {
      const sms = sandbox.as(SMS_KEY);
      const replies = await Promise.all(Array.from({ length: 101 }, () => sms.get('/api/v2/record/?page_size=1')));
      expect(replies.filter((r) => r.status === 200)).toHaveLength(100);
      expect(replies.filter((r) => r.status === 429)).toHaveLength(1);
    } finally {
      await sandbox.close();
    }
  });
});

describe('keyless traffic', () => {
  it('is refused 401 before any of its body is read, and the connection closed', async () => {
    const sandbox = await start();
    try {
      const { port } = new URL(sandbox.url);
      const answer = await new Promise<string>((resolve, reject) => {
        // A body of 1 MiB declared, 16 bytes of it sent: an answer can only come before the rest.
        const socket = connect({ host: '127.0.0.1', port: Number(port) }, () =>
          socket.write(
            `POST /api/v2/record/x/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${1024 * 1024}\r\n\r\n{"record": [1, 2`,
          ),
        );
        let data = '';
        socket.on('data', (chunk: Buffer) => {
          data += chunk.toString('latin1');
        });
        socket.on('error', reject);
        socket.on('close', () => resolve(data));
      });
      expect(answer).toMatch(/^HTTP\/1\.1 401 /);
      expect(answer).toMatch(/\r\nConnection: close\r\n/i);
      expect(answer).toContain('"missing_api_key"');
    } finally {
      await sandbox.close();
    }
  });

  it(`has its own budget per client address (${KEYLESS.perMinute} a minute); keyed calls go on`, async () => {
    const sandbox = await start({ rateLimit: undefined });
    try {
      const keyless = sandbox.as(undefined);
      for (let i = 0; i < KEYLESS.perMinute; i++) expect((await keyless.get('/api/v2/record/')).status).toBe(401);
      const over = await keyless.get('/api/v2/record/');
      expect([over.status, over.body.messages[0].code]).toEqual([429, 'rate_limited']);
      expect((await fetch(`${sandbox.url}/media/options/201.png`)).status).toBe(429);
      expect((await sandbox.as(SMS_KEY).get('/api/v2/record/')).status).toBe(200);
    } finally {
      await sandbox.close();
    }
  });
});
