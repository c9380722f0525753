import { expect, it } from 'vitest';
import { fileSandbox, INSTANT_KEY, SMS_KEY, twoRoles } from './helpers.js';

const sandbox = fileSandbox();
const instant = sandbox.as(INSTANT_KEY);
const sms = sandbox.as(SMS_KEY);

function statuses(replies: { status: number }[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const r of replies) counts[r.status] = (counts[r.status] ?? 0) + 1;
  return counts;
}

it('50 concurrent submissions to one record: exactly one succeeds, the others answer 409', async () => {
  const token = await instant.record('career-interest', 'authenticated');
  const replies = await Promise.all(
    Array.from({ length: 50 }, (_, i) => instant.post(`/api/v2/record/${token}/`, { record: [101, 202, `پاسخ ${i}`] })),
  );
  expect(statuses(replies)).toEqual({ 200: 1, 409: 49 });
  const stored = await instant.get(`/api/v2/record/${token}/result/`);
  expect(stored.body.data.submit_on).toBe(replies.find((r) => r.status === 200)?.body.data.submit_on);
});

it('20 concurrent roadmap authentications: exactly one succeeds, the others answer 409', async () => {
  const { token } = await instant.roadmap();
  const replies = await Promise.all(
    Array.from({ length: 20 }, () => instant.post(`/api/v2/roadmap/${token}/auth/`, twoRoles())),
  );
  expect(statuses(replies)).toEqual({ 200: 1, 409: 19 });
  const roadmap = await instant.get(`/api/v2/roadmap/${token}/`);
  const linked = new Set(roadmap.body.data.test_records.map((r: { profile: { token: string } }) => r.profile.token));
  expect(linked.size).toBe(2); // one profile per role, not one per attempt
});

it('20 concurrent verifications of one SMS draft: exactly one succeeds', async () => {
  const { token } = await sms.roadmap();
  const auth = await sms.post(`/api/v2/roadmap/${token}/auth/`, twoRoles('09357777777'));
  const body = { draft_token: auth.body.data.draft_token, code: await sms.lastCode('09357777777') };
  const replies = await Promise.all(
    Array.from({ length: 20 }, () => sms.put(`/api/v2/roadmap/${token}/auth/verify/`, body)),
  );
  expect(statuses(replies)).toEqual({ 200: 1, 409: 19 });
});

it('20 concurrent standalone authentications: exactly one profile is linked', async () => {
  const token = await instant.record();
  const replies = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      instant.post(`/api/v2/record/${token}/auth/`, {
        mobile: '09121234567',
        profile: { name: 'علی رضایی', birth: '1990-04-21', is_male: true, external_id: 5000 + i },
      }),
    ),
  );
  expect(statuses(replies)).toEqual({ 200: 1, 409: 19 });
});
