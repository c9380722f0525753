import { expect, it } from 'vitest';
import { fileSandbox, INSTANT_KEY, SMS_KEY, start } from './helpers.js';

const sandbox = fileSandbox();

type Listed = { status: number; auth_required: boolean; token: string };

it.each([
  ['status=2&auth_required=true', (r: Listed) => r.status === 2 && r.auth_required, 5],
  ['status=2&auth_required=false', (r: Listed) => r.status === 2 && !r.auth_required, 1],
  ['status=1', (r: Listed) => r.status === 1, 1],
  ['status=0', (r: Listed) => r.status === 0, 1],
  ['', () => true, 8],
])('the seed filtered by %s', async (query, keep, count) => {
  const reply = await sandbox.as(INSTANT_KEY).get(`/api/v2/record/?${query}`);
  expect(reply.body.data.count).toBe(count);
  expect(reply.body.data.results.every(keep)).toBe(true);
});

it('pages: page_size, next_page, and null on the last page', async () => {
  const api = sandbox.as(SMS_KEY);
  const first = await api.get('/api/v2/record/?page_size=3');
  expect(first.body.data).toMatchObject({ count: 8, page: 1, page_size: 3, next_page: 2 });
  const last = await api.get('/api/v2/record/?page_size=3&page=3');
  expect(last.body.data).toMatchObject({ page: 3, next_page: null });
  expect(last.body.data.results).toHaveLength(2);
  const beyond = await api.get('/api/v2/record/?page=9');
  expect(beyond.body.data.results).toEqual([]);
});

it('newest first', async () => {
  const api = sandbox.as(SMS_KEY);
  const token = await api.record('raven-html');
  const reply = await api.get('/api/v2/record/?page_size=1');
  expect(reply.body.data.results[0].token).toBe(token);
});

it('seed tokens are random: another sandbox, and the same one after a reset, share none', async () => {
  const tokens = async (s: { as: typeof sandbox.as }) =>
    ((await s.as(SMS_KEY).get('/api/v2/record/?page_size=100')).body.data.results as { token: string }[]).map(
      (r) => r.token,
    );
  const here = await tokens(sandbox);
  const other = await start();
  try {
    const there = await tokens(other);
    expect(there.filter((t) => here.includes(t))).toEqual([]);
    expect((await other.as(SMS_KEY).post('/__sandbox/reset/')).status).toBe(200);
    expect((await tokens(other)).filter((t) => there.includes(t))).toEqual([]);
  } finally {
    await other.close();
  }
});

it.each([
  ['career-interest', { kind: 'json', count: 3 }],
  ['symptom-195', { kind: 'json', count: 195 }],
  ['raven-html', { kind: 'html', count: 0 }],
])('questions of %s come in its format', async (testId, want) => {
  const api = sandbox.as(SMS_KEY);
  const reply = await api.get(`/api/v2/record/${await api.record(testId, 'authenticated')}/questions/`);
  if (want.kind === 'html') expect(Object.keys(reply.body.data)).toEqual(['html']);
  else expect(reply.body.data).toMatchObject({ test_id: testId, questions: expect.any(Array) });
  if (want.count) expect(reply.body.data.questions).toHaveLength(want.count);
});
