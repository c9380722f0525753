import { startSandbox } from '@tas/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authenticateRecord,
  authenticateRoadmap,
  createClient,
  DraftExpiredError,
  getQuestionnaire,
  listRecords,
  type Roadmap,
  startRoadmapAuth,
  submitAnswers,
  type TestRecord,
} from '../../src/index.js';

// The sandbox is stateful: codes really go out, drafts really expire. Its clock is ours.
let time = Date.now();
const clock = {
  now: () => time,
  sleep: async (ms: number) => {
    time += ms;
  },
};
let url = '';
let close: () => Promise<void> = async () => {};
beforeAll(async () => {
  const sandbox = await startSandbox({ port: 0, rateLimit: false, now: () => time });
  url = sandbox.url;
  close = sandbox.close;
});
afterAll(() => close());

const keys = { sms: 'sandbox-key-sms', instant: 'sandbox-key-instant' } as const;
type Mode = keyof typeof keys;

async function control<T>(mode: Mode, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${url}/__sandbox/${path}`, {
    method,
    headers: { 'API-KEY': keys[mode], 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return ((await response.json()) as { data: T }).data;
}
/** The newest SMS code sent to a mobile, from the sandbox's outbox. */
const smsCode = async (mobile: string) =>
  (await control<{ messages: { code: string }[] }>('sms', 'GET', `sms/?mobile=${mobile}`)).messages[0]?.code ?? '';

const client = (mode: Mode) => createClient({ baseUrl: url, apiKey: keys[mode], clock, rateLimit: false });
const adult = { name: 'علی رضایی', birth: '1990-04-21', is_male: true };
const roles = [
  { id: 1, profile: { name: 'سارا محمدی', birth: '2017-02-11', is_male: false } },
  { id: 2, profile: { name: 'مریم کاظمی', birth: '1988-07-30', is_male: false } },
];
let mobiles = 0;
const nextMobile = () => `0912000${String(++mobiles).padStart(4, '0')}`;

describe.each<Mode>(['sms', 'instant'])('journeys against the sandbox, %s mode', (mode) => {
  const code = mode === 'sms' ? { code: ({ mobile }: { mobile: string }) => smsCode(mobile) } : {};

  it('standalone: authenticate, answer the JSON questionnaire, read the result', async () => {
    const tas = client(mode);
    const { token } = await control<TestRecord>(mode, 'POST', 'records/', { test_id: 'career-interest' });
    const record = await authenticateRecord(tas, token, { mobile: nextMobile(), profile: adult }, code);
    expect(record).toMatchObject({ token, status: 2, auth_required: false, tests_auth_required: mode === 'sms' });

    const questionnaire = await getQuestionnaire(tas, token);
    if (questionnaire.format !== 'json') throw new Error('career-interest is a JSON questionnaire');
    const choices = questionnaire.questions.map((q) => (q.answer.text ? 'معلم' : (q.answer.options[0]?.id ?? -1)));
    expect((await submitAnswers(tas, token, questionnaire, choices)).is_finished).toBe(true);
    expect((await tas.call('getResult', { path: { token } })).token).toBe(token);
  });

  it('roadmap: every role authenticated, each record then takes its questionnaire', async () => {
    const tas = client(mode);
    const roadmap = await control<Roadmap>(mode, 'POST', 'roadmaps/', {});
    const profiles = await authenticateRoadmap(tas, roadmap.token, { mobile: nextMobile(), roles }, code);
    expect(profiles.map((p) => p.role_id).sort()).toEqual([1, 2]);
    for (const { token } of roadmap.test_records) expect((await getQuestionnaire(tas, token)).format).toBe('json');
  });

  it('the HTML questionnaire is told apart', async () => {
    const tas = client(mode);
    const { token } = await control<TestRecord>(mode, 'POST', 'records/', {
      test_id: 'raven-html',
      state: 'authenticated',
    });
    expect((await getQuestionnaire(tas, token)).format).toBe('html');
  });
});

describe('the sandbox, stateful details', () => {
  it('a roadmap verify after 5 minutes: refused by the client before sending', async () => {
    const tas = client('sms');
    const roadmap = await control<Roadmap>('sms', 'POST', 'roadmaps/', {});
    const mobile = nextMobile();
    const started = await startRoadmapAuth(tas, roadmap.token, { mobile, roles });
    if (started.status !== 'code_sent') throw new Error('expected the SMS mode');
    time += 301_000;
    await expect(started.verify(await smsCode(mobile))).rejects.toBeInstanceOf(DraftExpiredError);
  });

  it("a roadmap verify after 5 minutes: the server's draft_expired says the same", async () => {
    // The client's clock stands still here, so only the server knows the draft expired.
    const frozen = createClient({ baseUrl: url, apiKey: keys.sms, rateLimit: false });
    const roadmap = await control<Roadmap>('sms', 'POST', 'roadmaps/', {});
    const mobile = nextMobile();
    const started = await startRoadmapAuth(frozen, roadmap.token, { mobile, roles });
    if (started.status !== 'code_sent') throw new Error('expected the SMS mode');
    await control('sms', 'POST', 'clock/', { seconds: 301 });
    const error = await started.verify(await smsCode(mobile)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DraftExpiredError);
    expect((error as DraftExpiredError).cause).toMatchObject({ status: 400 });
  });

  it('the listing walks every page of the organizer records', async () => {
    const tas = client('instant');
    const all: string[] = [];
    for await (const r of listRecords(tas, { page_size: 2 })) all.push(r.token);
    const first = await tas.call('listRecords', { query: { page_size: 100 } });
    expect(all).toHaveLength(first.count);
    expect(new Set(all).size).toBe(first.count);
  });
});
