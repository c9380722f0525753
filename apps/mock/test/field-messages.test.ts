import { describe, expect, it } from 'vitest';
import { call, TOKEN, useMock } from './helpers.js';

// The Errors page: an invalid body gets "one message per field at fault, `field` pointing at it": a
// missing or unexpected property is the field itself, never the object it is missing from (three
// messages at `/profile` for three missing fields read as three faults of one field).
const mock = useMock();
const recordAuth = `/api/v2/record/${TOKEN}/auth/`;
const roadmapAuth = `/api/v2/roadmap/${TOKEN}/auth/`;
const profile = { name: 'علی رضایی', birth: '1990-04-21', is_male: true };

const cases: [string, { path: string; method?: string; body: unknown }, [field: string, code: string][]][] = [
  [
    'three profile fields and the mobile missing',
    { path: recordAuth, body: { profile: {} } },
    [
      ['/mobile', 'invalid_body'],
      ['/profile/birth', 'invalid_profile'],
      ['/profile/is_male', 'invalid_profile'],
      ['/profile/name', 'invalid_profile'],
    ],
  ],
  [
    'an unexpected field in the body and one in the profile',
    { path: recordAuth, body: { mobile: '09121234567', profile: { ...profile, nick: 'x' }, extra: 1 } },
    [
      ['/extra', 'invalid_body'],
      ['/profile/nick', 'invalid_profile'],
    ],
  ],
  [
    'a name that breaks its pattern and its length, and a wrong type',
    {
      path: recordAuth,
      body: { mobile: '09121234567', profile: { ...profile, name: 'A'.repeat(60), is_male: 'yes' } },
    },
    [
      ['/profile/is_male', 'invalid_profile'],
      ['/profile/name', 'invalid_profile'],
    ],
  ],
  [
    'an external_id of the wrong type (one of two schemas)',
    { path: recordAuth, body: { mobile: '09121234567', profile: { ...profile, external_id: 'abc' } } },
    [['/profile/external_id', 'invalid_profile']],
  ],
  [
    'roles: a wrong id, an extra key, a role with nothing',
    {
      path: roadmapAuth,
      body: { mobile: '0912', roles: [{ id: 'a', profile: { name: 'سارا' }, z: 1 }, {}] },
    },
    [
      ['/mobile', 'invalid_body'],
      ['/roles/0/id', 'invalid_body'],
      ['/roles/0/profile/birth', 'invalid_profile'],
      ['/roles/0/profile/is_male', 'invalid_profile'],
      ['/roles/0/z', 'invalid_body'],
      ['/roles/1/id', 'invalid_body'],
      ['/roles/1/profile', 'invalid_body'],
    ],
  ],
];

describe('an invalid body', () => {
  it.each(cases)('%s: one message per field at fault, field pointing at it', async (_name, request, want) => {
    const res = await call(mock.url, { method: request.method ?? 'POST', path: request.path, body: request.body });
    expect(res.status).toBe(400);
    const messages = res.json.messages as { field?: string; code: string; text: string }[];
    expect(messages.map((m) => [m.field, m.code]).sort()).toEqual(want);
    // Each message names its field in words too.
    for (const m of messages) expect(m.text).toContain((m.field ?? '').split('/').at(-1));
  });
});
