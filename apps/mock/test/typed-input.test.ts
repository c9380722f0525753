// Input as people type it, as the sandbox reads it (apps/sandbox/test/typed-input.test.ts): the mock
// answers the same statuses, since both check a request through @tas/openapi, which normalises
// what the description's x-normalise names before validating.
import { describe, expect, it } from 'vitest';
import { call, TOKEN, useMock } from './helpers.js';

const mock = useMock();
const profile = { name: 'علی رضایی', birth: '1990-04-21', is_male: true };
const auth = (body: object) => ({ method: 'POST', path: `/api/v2/record/${TOKEN}/auth/`, body });

describe('the mock reads input as the sandbox does', () => {
  it.each([
    ['an upper-case record token', { path: `/api/v2/record/${TOKEN.toUpperCase()}/` }, 200],
    ['an upper-case roadmap token', { path: `/api/v2/roadmap/${TOKEN.toUpperCase()}/` }, 200],
    ['a urn:uuid: record token', { path: `/api/v2/record/urn:uuid:${TOKEN}/` }, 400],
    ['a URN:UUID: roadmap token', { path: `/api/v2/roadmap/URN:UUID:${TOKEN}/` }, 400],
    ['a name in Arabic yeh and kaf', auth({ mobile: '09121234567', profile: { ...profile, name: 'علي كاظمي' } }), 200],
    ['a name with a shadda', auth({ mobile: '09121234567', profile: { ...profile, name: 'محمّد' } }), 200],
    ['a name with a trailing space', auth({ mobile: '09121234567', profile: { ...profile, name: 'علی ' } }), 200],
    ['a name in bidi marks', auth({ mobile: '09121234567', profile: { ...profile, name: '\u200Fعلی\u200F' } }), 200],
    ['a mobile in Persian digits', auth({ mobile: '۰۹۱۲۱۲۳۴۵۶۷', profile }), 200],
    ['a name with teh marbuta', auth({ mobile: '09121234567', profile: { ...profile, name: 'فاطمة' } }), 400],
  ] as const)('%s', async (_, request, status) => {
    const res = await call(mock.url, request);
    expect(res.status, res.text).toBe(status);
    if (status === 400) expect(res.json.messages[0].code).toMatch(/^invalid_(parameter|profile)$/);
  });

  it('a refusal names the field and the character at fault', async () => {
    const res = await call(mock.url, auth({ mobile: '09121234567', profile: { ...profile, name: 'فاطمة' } }));
    const message = res.json.messages.find((m: { field?: string }) => m.field === '/profile/name');
    expect(message.text).toContain('"ة" (U+0629) at character 5 is not allowed');
  });
});
