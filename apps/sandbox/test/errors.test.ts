import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  adult,
  type Client,
  child,
  fileSandbox,
  INSTANT_KEY,
  MOBILE,
  type Reply,
  SMS_KEY,
  twoRoles,
} from './helpers.js';

const sandbox = fileSandbox();
const api: Record<'sms' | 'instant', Client> = { sms: sandbox.as(SMS_KEY), instant: sandbox.as(INSTANT_KEY) };

interface Row {
  name: string;
  key: 'sms' | 'instant';
  request: (c: Client) => Promise<Reply>;
  want: [number, string];
}

const authOf = async (c: Client, state = 'ready', testId = 'career-interest') => {
  const token = await c.record(testId, state);
  return (profile: object = adult, mobile = MOBILE) => c.post(`/api/v2/record/${token}/auth/`, { mobile, profile });
};
const roadmapAuth = async (c: Client, body: object = twoRoles()) => {
  const { token } = await c.roadmap();
  return c.post(`/api/v2/roadmap/${token}/auth/`, body);
};
const submit = async (c: Client, testId: string, record: unknown[], state = 'authenticated') =>
  c.post(`/api/v2/record/${await c.record(testId, state)}/`, { record });

// The interface's error tables, row by row.
const stated: Row[] = [
  {
    name: 'roadmap auth: invalid profile data (Latin name)',
    key: 'instant',
    request: (c) => roadmapAuth(c, { ...twoRoles(), roles: [{ id: 1, profile: { ...child, name: 'Sara' } }] }),
    want: [400, 'invalid_profile'],
  },
  {
    name: 'roadmap auth: a missing required field (mobile)',
    key: 'instant',
    request: (c) => roadmapAuth(c, { roles: twoRoles().roles }),
    want: [400, 'invalid_body'],
  },
  {
    name: 'roadmap auth: a missing profile field (birth)',
    key: 'instant',
    request: (c) =>
      roadmapAuth(c, { ...twoRoles(), roles: [{ id: 1, profile: { name: child.name, is_male: false } }] }),
    want: [400, 'invalid_profile'],
  },
  {
    name: 'roadmap auth: age outside the test limits (a 36-year-old child)',
    key: 'instant',
    request: (c) => roadmapAuth(c, { ...twoRoles(), roles: [{ id: 1, profile: adult }, twoRoles().roles[1]] }),
    want: [400, 'age_gender_mismatch'],
  },
  {
    name: 'roadmap auth: not found',
    key: 'instant',
    request: (c) => c.post(`/api/v2/roadmap/${randomUUID()}/auth/`, twoRoles()),
    want: [404, 'not_found'],
  },
  {
    name: 'roadmap auth: duplicate external_id in this organizer',
    key: 'instant',
    request: async (c) => {
      await (await authOf(c))({ ...adult, external_id: 777 });
      const body = twoRoles();
      return roadmapAuth(c, {
        ...body,
        roles: [body.roles[0], { id: 2, profile: { ...body.roles[1]?.profile, external_id: 777 } }],
      });
    },
    want: [409, 'duplicate_external_id'],
  },
  {
    name: 'roadmap auth: authentication attempted again',
    key: 'instant',
    request: async (c) => {
      const { token } = await c.roadmap();
      await c.post(`/api/v2/roadmap/${token}/auth/`, twoRoles());
      return c.post(`/api/v2/roadmap/${token}/auth/`, twoRoles());
    },
    want: [409, 'already_authenticated'],
  },
  {
    name: 'questions: profile not authenticated',
    key: 'sms',
    request: async (c) => c.get(`/api/v2/record/${await c.record()}/questions/`),
    want: [403, 'not_authenticated'],
  },
  {
    name: 'questions: VIP prerequisite not met',
    key: 'sms',
    request: async (c) => c.get(`/api/v2/record/${await c.record('career-interest', 'vip_wait')}/questions/`),
    want: [403, 'vip_wait'],
  },
  {
    name: 'questions: test record not found',
    key: 'sms',
    request: (c) => c.get(`/api/v2/record/${randomUUID()}/questions/`),
    want: [404, 'not_found'],
  },
  {
    name: 'questions: record already completed',
    key: 'sms',
    request: async (c) => c.get(`/api/v2/record/${await c.record('career-interest', 'finished')}/questions/`),
    want: [409, 'record_finished'],
  },
  {
    name: 'record-level auth on a roadmap record',
    key: 'instant',
    request: async (c) => {
      const { records } = await c.roadmap();
      return c.post(`/api/v2/record/${records[0]?.token}/auth/`, { mobile: MOBILE, profile: child });
    },
    want: [409, 'roadmap_record'],
  },
];

// What the description assumes where the interface is silent.
const assumed: Row[] = [
  {
    name: 'record auth in VIP wait',
    key: 'instant',
    request: async (c) => (await authOf(c, 'vip_wait'))(),
    want: [403, 'vip_wait'],
  },
  {
    name: 'record auth when finished',
    key: 'instant',
    request: async (c) => (await authOf(c, 'finished'))(),
    want: [409, 'record_finished'],
  },
  {
    name: 'record auth when authenticated',
    key: 'sms',
    request: async (c) => (await authOf(c, 'authenticated'))(),
    want: [409, 'already_authenticated'],
  },
  {
    name: 'record auth: gender outside the test (a man, pregnancy-wellbeing)',
    key: 'instant',
    request: async (c) => (await authOf(c, 'ready', 'pregnancy-wellbeing'))(),
    want: [400, 'age_gender_mismatch'],
  },
  {
    name: 'record auth: too young (a child, career-interest)',
    key: 'sms',
    request: async (c) => (await authOf(c))(child),
    want: [400, 'age_gender_mismatch'],
  },
  {
    name: 'verify with nothing pending',
    key: 'sms',
    request: async (c) => c.put(`/api/v2/record/${await c.record()}/auth/verify/`, { code: '12345' }),
    want: [409, 'no_pending_auth'],
  },
  {
    name: 'roadmap verify: unknown draft token',
    key: 'sms',
    request: async (c) => {
      const { token } = await c.roadmap();
      return c.put(`/api/v2/roadmap/${token}/auth/verify/`, { draft_token: 'dr_unknown_draft_token', code: '12345' });
    },
    want: [400, 'draft_expired'],
  },
  {
    name: 'roadmap auth: a role the roadmap does not have',
    key: 'instant',
    request: (c) => roadmapAuth(c, { ...twoRoles(), roles: [...twoRoles().roles, { id: 9, profile: adult }] }),
    want: [400, 'invalid_profile'],
  },
  {
    name: 'roadmap auth: a role left out',
    key: 'instant',
    request: (c) => roadmapAuth(c, { ...twoRoles(), roles: [twoRoles().roles[0]] }),
    want: [400, 'invalid_profile'],
  },
  {
    name: 'submit: too few answers',
    key: 'sms',
    request: (c) => submit(c, 'career-interest', [101, 202]),
    want: [400, 'invalid_answers'],
  },
  {
    name: 'submit: an unknown option id',
    key: 'sms',
    request: (c) => submit(c, 'career-interest', [105, 202, 'x']),
    want: [400, 'invalid_answers'],
  },
  {
    name: 'submit: text for an option question',
    key: 'sms',
    request: (c) => submit(c, 'career-interest', ['x', 202, 'x']),
    want: [400, 'invalid_answers'],
  },
  {
    name: 'submit: an id for a free-text question',
    key: 'sms',
    request: (c) => submit(c, 'career-interest', [101, 202, 7]),
    want: [400, 'invalid_answers'],
  },
  {
    name: 'submit: 195 answers with a 2',
    key: 'sms',
    request: (c) => submit(c, 'symptom-195', [...Array(194).fill(0), 2]),
    want: [400, 'invalid_answers'],
  },
  {
    name: 'submit: 194 answers to the 195 test',
    key: 'sms',
    request: (c) => submit(c, 'symptom-195', Array(194).fill(1)),
    want: [400, 'invalid_answers'],
  },
  {
    name: 'submit: the HTML test with a 7',
    key: 'sms',
    request: (c) => submit(c, 'raven-html', [...Array(11).fill(1), 7]),
    want: [400, 'invalid_answers'],
  },
  {
    name: 'submit: before authentication',
    key: 'sms',
    request: (c) => submit(c, 'career-interest', [101, 202, 'x'], 'ready'),
    want: [403, 'not_authenticated'],
  },
  {
    name: 'submit: in VIP wait',
    key: 'sms',
    request: (c) => submit(c, 'career-interest', [101, 202, 'x'], 'vip_wait'),
    want: [403, 'vip_wait'],
  },
  {
    name: 'submit: finished',
    key: 'sms',
    request: (c) => submit(c, 'career-interest', [101, 202, 'x'], 'finished'),
    want: [409, 'record_finished'],
  },
  {
    name: 'submit: not found',
    key: 'sms',
    request: (c) => c.post(`/api/v2/record/${randomUUID()}/`, { record: [1] }),
    want: [404, 'not_found'],
  },
  {
    name: 'result: not finished',
    key: 'sms',
    request: async (c) => c.get(`/api/v2/record/${await c.record('career-interest', 'authenticated')}/result/`),
    want: [409, 'not_finished'],
  },
  {
    name: 'record: not found',
    key: 'sms',
    request: (c) => c.get(`/api/v2/record/${randomUUID()}/`),
    want: [404, 'not_found'],
  },
  {
    name: 'roadmap: not found',
    key: 'sms',
    request: (c) => c.get(`/api/v2/roadmap/${randomUUID()}/`),
    want: [404, 'not_found'],
  },
];

// Bad input: a 4xx in the envelope that names the problem.
const malformed: Row[] = [
  {
    name: 'a malformed token',
    key: 'sms',
    request: (c) => c.get('/api/v2/record/not-a-uuid/'),
    want: [400, 'invalid_parameter'],
  },
  {
    name: 'bad percent-encoding in a token',
    key: 'sms',
    request: (c) => c.get('/api/v2/record/%E0%A4%A/'),
    want: [400, 'invalid_parameter'],
  },
  { name: 'an unknown path', key: 'sms', request: (c) => c.get('/api/v2/records/'), want: [404, 'not_found'] },
  { name: 'a path outside /api/v2', key: 'sms', request: (c) => c.get('/'), want: [404, 'not_found'] },
  {
    name: 'an unsupported method',
    key: 'sms',
    request: (c) => c.call('DELETE', `/api/v2/record/${randomUUID()}/`),
    want: [405, 'method_not_allowed'],
  },
  {
    name: 'invalid JSON',
    key: 'sms',
    request: (c) => c.post(`/api/v2/record/${randomUUID()}/`, '{"record": [1,'),
    want: [400, 'invalid_body'],
  },
  {
    name: 'a wrong content type',
    key: 'sms',
    request: (c) =>
      c.call('POST', `/api/v2/record/${randomUUID()}/`, '{"record":[1]}', { 'Content-Type': 'text/plain' }),
    want: [400, 'invalid_body'],
  },
  {
    name: 'no body',
    key: 'sms',
    request: (c) => c.call('POST', `/api/v2/record/${randomUUID()}/`),
    want: [400, 'invalid_body'],
  },
  {
    name: 'an oversized body',
    key: 'sms',
    request: (c) => c.post(`/api/v2/record/${randomUUID()}/`, { record: ['x'.repeat(2_000_000)] }),
    want: [413, 'body_too_large'],
  },
  {
    name: 'an unexpected field',
    key: 'sms',
    request: (c) => c.post(`/api/v2/record/${randomUUID()}/`, { record: [1], extra: true }),
    want: [400, 'invalid_body'],
  },
  {
    name: 'a wrong type',
    key: 'sms',
    request: (c) => c.post(`/api/v2/record/${randomUUID()}/`, { record: 'all of them' }),
    want: [400, 'invalid_body'],
  },
  {
    name: 'a body where none is taken',
    key: 'sms',
    request: (c) => c.post('/__sandbox/reset/', { now: true }),
    want: [400, 'invalid_body'],
  },
  {
    name: 'a listing filter out of range',
    key: 'sms',
    request: (c) => c.get('/api/v2/record/?status=7'),
    want: [400, 'invalid_parameter'],
  },
  {
    name: 'a listing page of 0',
    key: 'sms',
    request: (c) => c.get('/api/v2/record/?page=0'),
    want: [400, 'invalid_parameter'],
  },
  {
    name: 'an unknown query parameter',
    key: 'sms',
    request: (c) => c.get('/api/v2/record/?colour=red'),
    want: [400, 'invalid_parameter'],
  },
  {
    name: 'a repeated query parameter',
    key: 'sms',
    request: (c) => c.get('/api/v2/record/?status=1&status=2'),
    want: [400, 'invalid_parameter'],
  },
];

describe.each([
  ['stated by the interface', stated],
  ['assumed by the description', assumed],
  ['malformed requests', malformed],
])('%s', (_, rows) => {
  it.each(rows.map((r) => [r.name, r] as const))('%s', async (_name, row) => {
    const reply = await row.request(api[row.key]);
    const [status, code] = row.want;
    expect(reply.status).toBe(status);
    expect(reply.body.successful).toBe(false);
    expect(reply.body.messages[0].code).toBe(code);
    expect(reply.body.messages[0].text.length).toBeGreaterThan(10);
  });
});

describe('mobile duplicate limit (SMS mode only)', () => {
  it('the sixth SMS authentication of one mobile answers 400 mobile_limit; instant mode has no limit', async () => {
    const mobile = '09124444444';
    for (let i = 0; i < 5; i++) {
      const token = await api.sms.record();
      await api.sms.post(`/api/v2/record/${token}/auth/`, { mobile, profile: adult });
      const verified = await api.sms.put(`/api/v2/record/${token}/auth/verify/`, {
        code: await api.sms.lastCode(mobile),
      });
      expect(verified.status).toBe(200);
    }
    const sixth = await roadmapAuth(api.sms, twoRoles(mobile));
    expect([sixth.status, sixth.body.messages[0].code, sixth.body.messages[0].field]).toEqual([
      400,
      'mobile_limit',
      '/mobile',
    ]);
    for (let i = 0; i < 6; i++) expect((await (await authOf(api.instant))(adult, mobile)).status).toBe(200);
  });
});

describe('a body that breaks the schema', () => {
  it('answers invalid_body, one message per field: a mobile both short and off its pattern is named once', async () => {
    const token = await api.instant.record();
    const reply = await api.instant.post(`/api/v2/record/${token}/auth/`, {
      mobile: '0912',
      profile: { ...adult, is_male: 'yes' },
    });
    expect(reply.status).toBe(400);
    const messages = reply.body.messages as { code: string; field?: string; text: string }[];
    expect(messages.map((m) => [m.code, m.field])).toEqual([
      ['invalid_profile', '/profile/is_male'],
      ['invalid_body', '/mobile'],
    ]);
    expect(messages[1]?.text).toMatch(/11 digits starting with 09/);
  });
});
