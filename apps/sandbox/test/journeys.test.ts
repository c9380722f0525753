import { describe, expect, it } from 'vitest';
import { adult, type Client, fileSandbox, INSTANT_KEY, MOBILE, SMS_KEY, twoRoles } from './helpers.js';

const sandbox = fileSandbox();
const sms = sandbox.as(SMS_KEY);
const instant = sandbox.as(INSTANT_KEY);

const mixed = [101, 202, 'طراح منظر شهری'];

/** Questions, answers, result: the part every journey ends with. */
async function takeTest(api: Client, token: string, answers: unknown[]) {
  const questions = await api.get(`/api/v2/record/${token}/questions/`);
  expect(questions.status).toBe(200);
  const submitted = await api.post(`/api/v2/record/${token}/`, { record: answers });
  expect(submitted.status).toBe(200);
  expect(submitted.body.data).toMatchObject({ status: 1, is_finished: true, auth_required: false });
  expect(submitted.body.data.submit_on).toEqual(expect.any(String));
  const result = await api.get(`/api/v2/record/${token}/result/`);
  expect(result.status).toBe(200);
  expect(result.body.data.token).toBe(token);
  return questions.body.data;
}

describe('standalone', () => {
  it('instant: the first call authenticates, then questions, answers, result', async () => {
    const token = await instant.record();
    const auth = await instant.post(`/api/v2/record/${token}/auth/`, { mobile: MOBILE, profile: adult });
    expect(auth.status).toBe(200);
    expect(auth.body.data.tests_auth_required).toBe(false);
    expect(auth.body.data.record).toMatchObject({ status: 2, auth_required: false, role: null });
    expect(auth.body.data.record.profile).toMatchObject({ name: adult.name, mobile: MOBILE, age: 36 });
    const questionnaire = await takeTest(instant, token, mixed);
    expect(questionnaire.test_id).toBe('career-interest');
  });

  it('SMS: a code goes to the mobile, verify links the profile', async () => {
    const token = await sms.record();
    const auth = await sms.post(`/api/v2/record/${token}/auth/`, { mobile: MOBILE, profile: adult });
    expect(auth.body.data).toEqual({ tests_auth_required: true, code_expires_in: 120 });
    const before = await sms.get(`/api/v2/record/${token}/`);
    expect(before.body.data).toMatchObject({ status: 2, auth_required: true, profile: null });
    const code = await sms.lastCode(MOBILE);
    expect(code).toMatch(/^\d{5}$/);
    const verified = await sms.put(`/api/v2/record/${token}/auth/verify/`, { code });
    expect(verified.status).toBe(200);
    expect(verified.body.data).toMatchObject({ token, status: 2, auth_required: false });
    await takeTest(sms, token, mixed);
  });

  it('SMS: a code is single use', async () => {
    const token = await sms.record();
    await sms.post(`/api/v2/record/${token}/auth/`, { mobile: '09120000001', profile: adult });
    const code = await sms.lastCode('09120000001');
    expect((await sms.put(`/api/v2/record/${token}/auth/verify/`, { code })).status).toBe(200);
    const again = await sms.put(`/api/v2/record/${token}/auth/verify/`, { code });
    expect([again.status, again.body.messages[0].code]).toEqual([409, 'already_authenticated']);
  });

  it('SMS: three wrong codes lock the attempt, even the right code then fails; a new attempt works', async () => {
    const token = await sms.record();
    const mobile = '09120000002';
    await sms.post(`/api/v2/record/${token}/auth/`, { mobile, profile: adult });
    const code = await sms.lastCode(mobile);
    const wrong = code === '00000' ? '11111' : '00000';
    const answers = [];
    for (let i = 0; i < 3; i++)
      answers.push((await sms.put(`/api/v2/record/${token}/auth/verify/`, { code: wrong })).body);
    expect(answers.map((a) => a.messages[0].code)).toEqual(['wrong_code', 'wrong_code', 'code_locked']);
    expect(answers[0].messages[0].text).toContain('2 tries left');
    const right = await sms.put(`/api/v2/record/${token}/auth/verify/`, { code });
    expect([right.status, right.body.messages[0].code]).toEqual([400, 'code_locked']);
    await sms.post(`/api/v2/record/${token}/auth/`, { mobile, profile: adult });
    const fresh = await sms.lastCode(mobile);
    expect((await sms.put(`/api/v2/record/${token}/auth/verify/`, { code: fresh })).status).toBe(200);
  });

  it('SMS: a code expires after 120 seconds', async () => {
    const token = await sms.record();
    const mobile = '09120000003';
    await sms.post(`/api/v2/record/${token}/auth/`, { mobile, profile: adult });
    const code = await sms.lastCode(mobile);
    await sms.advance(121);
    const late = await sms.put(`/api/v2/record/${token}/auth/verify/`, { code });
    expect([late.status, late.body.messages[0].code]).toEqual([400, 'code_expired']);
  });
});

describe('roadmap', () => {
  it('instant: profiles for every role, linked to every record of the role', async () => {
    const { token, records } = await instant.roadmap();
    const before = await instant.get(`/api/v2/roadmap/${token}/`);
    expect(before.body.data.roles.map((r: { id: number }) => r.id)).toEqual([1, 2]);
    const auth = await instant.post(`/api/v2/roadmap/${token}/auth/`, twoRoles());
    expect(auth.status).toBe(200);
    expect(auth.body.data.tests_auth_required).toBe(false);
    expect(auth.body.data.roles.map((r: { role_id: number }) => r.role_id)).toEqual([1, 2]);
    const after = await instant.get(`/api/v2/roadmap/${token}/`);
    expect(after.body.data.auth_required).toBe(false);
    for (const record of after.body.data.test_records) {
      const role = auth.body.data.roles.find((r: { role_id: number }) => r.role_id === record.role);
      expect(record.profile.token).toBe(role.profile.token);
    }
    for (const record of records) await takeTest(instant, record.token, [11, 21, 31, 41, 51]);
  });

  it('SMS: a draft token and a code, then verify links every role', async () => {
    const { token, records } = await sms.roadmap();
    const auth = await sms.post(`/api/v2/roadmap/${token}/auth/`, twoRoles('09351111111'));
    expect(auth.body.data).toEqual({ tests_auth_required: true, draft_token: expect.any(String) });
    const code = await sms.lastCode('09351111111');
    const verified = await sms.put(`/api/v2/roadmap/${token}/auth/verify/`, {
      draft_token: auth.body.data.draft_token,
      code,
    });
    expect(verified.status).toBe(200);
    expect(verified.body.data.roles).toHaveLength(2);
    for (const record of records) await takeTest(sms, record.token, [12, 22, 32, 42, 52]);
    const finished = await sms.post(`/api/v2/roadmap/${token}/auth/`, twoRoles('09351111111'));
    expect([finished.status, finished.body.messages[0].code]).toEqual([404, 'not_found']);
  });

  it('SMS: the draft token expires after 5 minutes', async () => {
    const { token } = await sms.roadmap();
    const auth = await sms.post(`/api/v2/roadmap/${token}/auth/`, twoRoles('09352222222'));
    const code = await sms.lastCode('09352222222');
    await sms.advance(301);
    const late = await sms.put(`/api/v2/roadmap/${token}/auth/verify/`, {
      draft_token: auth.body.data.draft_token,
      code,
    });
    expect([late.status, late.body.messages[0].code]).toEqual([400, 'draft_expired']);
  });

  it('SMS: wrong codes count against the draft and lock it', async () => {
    const { token } = await sms.roadmap();
    const auth = await sms.post(`/api/v2/roadmap/${token}/auth/`, twoRoles('09353333333'));
    const code = await sms.lastCode('09353333333');
    const wrong = code === '99999' ? '11111' : '99999';
    const body = { draft_token: auth.body.data.draft_token, code: wrong };
    const codes = [];
    for (let i = 0; i < 4; i++)
      codes.push((await sms.put(`/api/v2/roadmap/${token}/auth/verify/`, body)).body.messages[0].code);
    expect(codes).toEqual(['wrong_code', 'wrong_code', 'code_locked', 'code_locked']);
  });
});
