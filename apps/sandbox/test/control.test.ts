import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contracts } from '../src/contracts.js';
import { CONTROL_RATE_LIMIT } from '../src/http/rate-limit.js';
import { adult, fileSandbox, INSTANT_KEY, MOBILE, NOW, SMS_KEY, start } from './helpers.js';

const sandbox = fileSandbox();
const sms = sandbox.as(SMS_KEY);
const instant = sandbox.as(INSTANT_KEY);

describe('the control document', () => {
  const control = contracts().find((c) => c.name === 'control');
  it('has the ten operationIds, each with an example request that its own validator accepts', () => {
    const ids = control?.operations.map((o) => o.operationId).sort();
    expect(ids).toEqual([
      'advanceClock',
      'completeVip',
      'createRecord',
      'createRoadmap',
      'issueKey',
      'listKeys',
      'listRoadmaps',
      'readSmsOutbox',
      'reset',
      'revokeKey',
    ]);
    expect([...(control?.hostOnly ?? [])].sort()).toEqual(['issueKey', 'listKeys', 'revokeKey']);
    for (const op of control?.operations ?? []) {
      if (op.requestBody) {
        const examples = Object.values(op.requestBody.examples);
        expect(examples.length, op.operationId).toBeGreaterThan(0);
        for (const example of examples) expect(control?.validator.validateRequestBody(op, example).valid).toBe(true);
      } else {
        // A GET: its example request is its parameters' examples.
        const raw = control?.doc.paths[op.path]?.[op.method] as { parameters?: { example?: string }[] };
        expect(
          (raw.parameters ?? []).every((p) => p.example !== undefined),
          op.operationId,
        ).toBe(true);
      }
    }
  });
});

describe('states as created by the control API', () => {
  // The record-state table of the description, field by field.
  it.each([
    ['vip_wait', { status: 0, auth_required: true, is_finished: false, profile: null, submit_on: null }],
    ['ready', { status: 2, auth_required: true, is_finished: false, profile: null, submit_on: null }],
    ['authenticated', { status: 2, auth_required: false, is_finished: false, submit_on: null }],
    ['finished', { status: 1, auth_required: false, is_finished: true }],
  ])('%s', async (state, want) => {
    const token = await sms.record('career-interest', state);
    const reply = await sms.get(`/api/v2/record/${token}/`);
    expect(reply.body.data).toMatchObject({ ...want, role: null, tests_auth_required: true });
    if (state === 'authenticated' || state === 'finished') expect(reply.body.data.profile).toMatchObject({ age: 15 });
    if (state === 'finished') expect(reply.body.data.submit_on).toBe(new Date(NOW).toISOString());
    expect(reply.body.data.test).toMatchObject({ id: 'career-interest', questions_count: 3 });
  });

  it('completeVip moves VIP wait to ready, once', async () => {
    const token = await sms.record('career-interest', 'vip_wait');
    const done = await sms.post(`/__sandbox/records/${token}/complete-vip/`);
    expect(done.body.data).toMatchObject({ status: 2, auth_required: true });
    const again = await sms.post(`/__sandbox/records/${token}/complete-vip/`, {});
    expect([again.status, again.body.messages[0].code]).toEqual([409, 'not_vip_wait']);
    expect((await sms.post(`/__sandbox/records/${randomUUID()}/complete-vip/`)).status).toBe(404);
  });

  it('a token and a mobile mean on the control API what they mean on the API (x-normalise)', async () => {
    const token = await sms.record('career-interest', 'vip_wait');
    const done = await sms.post(`/__sandbox/records/${token.toUpperCase()}/complete-vip/`);
    expect([done.status, done.body.data.token]).toEqual([200, token]);
    const urn = await sms.post(`/__sandbox/records/urn:uuid:${token}/complete-vip/`);
    expect([urn.status, urn.body.messages[0].code]).toEqual([400, 'invalid_parameter']);
    await sms.post(`/api/v2/record/${token}/auth/`, { mobile: '09125555556', profile: adult });
    const persian = await sms.get(`/__sandbox/sms/?mobile=${encodeURIComponent('۰۹۱۲۵۵۵۵۵۵۶')}`);
    expect([persian.status, persian.body.data.messages.length]).toEqual([200, 1]);
  });

  it('createRoadmap takes roles and tests; roadmap records carry their role', async () => {
    const roles = [{ id: 7, title: 'نوجوان', test_ids: ['career-interest', 'raven-html'] }];
    const { token, records } = await sms.roadmap(roles);
    expect(records.map((r) => r.role)).toEqual([7, 7]);
    const detail = await sms.get(`/api/v2/record/${records[1]?.token}/`);
    expect(detail.body.data).toMatchObject({ role: 7, test_id: 'raven-html' });
    expect((await sms.get(`/api/v2/roadmap/${token}/`)).body.data.roles).toEqual([{ id: 7, title: 'نوجوان' }]);
  });

  it('listRoadmaps finds the seeded roadmap and those created since, newest first, for this organizer only', async () => {
    const before = (await sms.get('/__sandbox/roadmaps/')).body.data.roadmaps.map((r: { token: string }) => r.token);
    const seeded = before.at(-1);
    expect(seeded).toEqual(expect.any(String));
    const { token } = await sms.roadmap([{ id: 1, title: 'کودک', test_ids: ['cas-child'] }]);
    const after = (await sms.get('/__sandbox/roadmaps/')).body.data.roadmaps;
    expect(after.map((r: { token: string }) => r.token)).toContain(token);
    expect(after[after.length - 1].token).toBe(seeded);
    const others = (await instant.get('/__sandbox/roadmaps/')).body.data.roadmaps.map(
      (r: { token: string }) => r.token,
    );
    expect(others).not.toContain(token);
    expect(others).not.toContain(seeded);
  });

  it.each([
    ['an unknown test', '/__sandbox/records/', { test_id: 'no-such-test' }],
    ['an unknown state', '/__sandbox/records/', { test_id: 'career-interest', state: 'lost' }],
    ['an unknown field', '/__sandbox/records/', { test_id: 'career-interest', colour: 'red' }],
    ['a roadmap with an unknown test', '/__sandbox/roadmaps/', { roles: [{ id: 1, title: 'x', test_ids: ['nope'] }] }],
    [
      'a role given twice',
      '/__sandbox/roadmaps/',
      { roles: [1, 1].map((id) => ({ id, title: 'x', test_ids: ['cas-child'] })) },
    ],
    ['a negative clock move', '/__sandbox/clock/', { seconds: -5 }],
  ])('refuses %s with 400 (validated from control.openapi.yaml)', async (_, path, body) => {
    const reply = await sms.post(path, body);
    expect(reply.status).toBe(400);
    expect(reply.body.successful).toBe(false);
  });

  it('readSmsOutbox lists a mobile codes, newest first, for this organizer only', async () => {
    const token = await sms.record();
    for (let i = 0; i < 2; i++)
      await sms.post(`/api/v2/record/${token}/auth/`, { mobile: '09125555555', profile: adult });
    const outbox = await sms.get('/__sandbox/sms/?mobile=09125555555');
    expect(outbox.body.data.messages).toHaveLength(2);
    expect(outbox.body.data.messages[0]).toMatchObject({ mobile: '09125555555', purpose: 'record', token });
    expect((await instant.get('/__sandbox/sms/?mobile=09125555555')).body.data.messages).toEqual([]);
    expect((await sms.get('/__sandbox/sms/?mobile=123')).status).toBe(400);
    // The first code was replaced by the second.
    const [newest, older] = outbox.body.data.messages;
    const stale = await sms.put(`/api/v2/record/${token}/auth/verify/`, {
      code: older.code === newest.code ? '00000' : older.code,
    });
    expect(stale.status).toBe(400);
  });

  it('advanceClock moves only this organizer clock', async () => {
    const moved = await sms.advance(60);
    expect(moved.body.data.now).toBe(new Date(NOW + 60_000).toISOString());
    const token = await instant.record();
    expect((await instant.get(`/api/v2/record/${token}/`)).body.data.create).toBe(new Date(NOW).toISOString());
  });
});

describe('reset', () => {
  it('brings this organizer back to its seed, with new tokens, and leaves the other alone', async () => {
    const seed = async () =>
      (await instant.get('/api/v2/record/?status=2&auth_required=true&page_size=100')).body.data.results as {
        token: string;
        test_id: string;
      }[];
    const first = await seed();
    const seeded = first.filter((r) => r.test_id === 'career-interest').at(-1)?.token;
    await instant.post(`/api/v2/record/${seeded}/auth/`, { mobile: MOBILE, profile: adult });
    const extra = await instant.record();
    const other = await sms.record();
    expect((await instant.post('/__sandbox/reset/')).body).toEqual({ data: {}, successful: true, messages: [] });
    expect((await instant.get(`/api/v2/record/${seeded}/`)).status).toBe(404);
    // The seed again (its ready records: three standalone, two of the roadmap), none of the tokens of before.
    const again = await seed();
    expect(again.map((r) => r.test_id).sort()).toEqual(
      ['career-interest', 'symptom-195', 'raven-html', 'cas-child', 'parenting-style'].sort(),
    );
    expect(again.filter((r) => first.some((f) => f.token === r.token))).toEqual([]);
    expect((await instant.get(`/api/v2/record/${extra}/`)).status).toBe(404);
    expect((await sms.get(`/api/v2/record/${other}/`)).status).toBe(200);
  });
});

describe('the control API has a rate limit of its own, on the real clock', () => {
  it('passed its 600 calls a minute: 429 with Retry-After; the API still answers; moving the clock does not reset it', async () => {
    const limited = await start({ rateLimit: { perMinute: 100, perHour: 3000 } });
    try {
      const client = limited.as(SMS_KEY);
      const outbox = `/__sandbox/sms/?mobile=${MOBILE}`;
      const answers: number[] = [];
      for (let i = 0; i < CONTROL_RATE_LIMIT.perMinute; i++) answers.push((await client.get(outbox)).status);
      expect(answers.filter((s) => s !== 200)).toEqual([]);
      const over = await client.get(outbox);
      expect(over.status).toBe(429);
      expect(over.body.messages[0].code).toBe('rate_limited');
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
      // Its own limit: the API's is untouched by the control calls.
      expect((await client.get('/api/v2/record/')).status).toBe(200);
      // A clock move (itself a control call) is refused too, so it cannot open a new window.
      expect((await client.post('/__sandbox/clock/', { seconds: 3600 })).status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
