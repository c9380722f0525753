import type { CheckContext } from '../check.js';
import { type Exchange, isSuccess } from '../types.js';
import { answersFor } from './answers.js';
import { type ProfileInput, profileFor, type TestRules } from './profile.js';

export interface RecordData {
  token: string;
  test_id: string;
  status: number;
  auth_required: boolean;
  tests_auth_required: boolean;
  is_finished: boolean;
  role: number | null;
  profile: (ProfileInput & { mobile: string; token: string }) | null;
  submit_on: string | null;
  test?: TestRules;
}

export function dataOf<T>(exchange: Exchange): T | undefined {
  return (exchange.response.json as { data?: T } | undefined)?.data;
}

/** GET /record/{token}/, expecting 200. */
export async function getRecord(ctx: CheckContext, token: string): Promise<RecordData | undefined> {
  const exchange = await ctx.call('getRecord', { params: { token } });
  return ctx.expectStatus(exchange, 200, 'the record') ? dataOf<RecordData>(exchange) : undefined;
}

/** Authenticates a standalone record, instantly or with the SMS code; returns what was sent and the last answer. */
export async function authenticateRecord(
  ctx: CheckContext,
  record: RecordData,
  profile: ProfileInput = profileFor(ctx.doc, record.test ?? {}, ctx.now()),
) {
  const mobile = ctx.mobile();
  const first = await ctx.call('authenticateRecord', { params: { token: record.token }, body: { mobile, profile } });
  let last = first;
  const ok = ctx.expectStatus(first, 200, 'record authentication');
  if (ok && record.tests_auth_required) {
    const code = await ctx.smsCode({ mobile, token: record.token, purpose: 'record' });
    last = await ctx.call('verifyRecordAuth', { params: { token: record.token }, body: { code } });
    ctx.expectStatus(last, 200, 'record verification with the SMS code');
  }
  return { profile, mobile, first, last, ok: isSuccess(last.response.status) };
}

/** A fresh standalone record, authenticated; undefined (with a finding) when that fails. */
export async function authenticatedRecord(ctx: CheckContext) {
  const record = await getRecord(ctx, await ctx.take('ready'));
  if (!record) return undefined;
  const auth = await authenticateRecord(ctx, record);
  return auth.ok ? { record, ...auth } : undefined;
}

/** Fetches the questionnaire and the answers that fit it; skips HTML tests, which cannot be answered generically. */
export async function questionsAndAnswers(ctx: CheckContext, token: string) {
  const exchange = await ctx.call('getQuestions', { params: { token } });
  if (!ctx.expectStatus(exchange, 200, 'the questionnaire of an authenticated record')) return undefined;
  const answers = answersFor(dataOf(exchange));
  if (!answers) ctx.skip(`record ${token} has an HTML questionnaire; fixtures must be records of JSON tests`);
  return { exchange, answers, questionnaire: dataOf<{ test_id: string }>(exchange) };
}

/** A fresh standalone record taken to Finished. */
export async function finishedRecord(ctx: CheckContext) {
  const auth = await authenticatedRecord(ctx);
  if (!auth) return undefined;
  const qa = await questionsAndAnswers(ctx, auth.record.token);
  if (!qa) return undefined;
  const submit = await ctx.call('submitAnswers', {
    params: { token: auth.record.token },
    body: { record: qa.answers },
  });
  if (!ctx.expectStatus(submit, 200, 'submitting answers that fit the test')) return undefined;
  return { ...auth, submit, answers: qa.answers };
}

/** What a record shows of its state, for a finding that must say what it saw beside what it wanted. */
export function stateOf(record: Partial<RecordData> | undefined): string {
  if (!record) return 'the record could not be read';
  const profile = record.profile ? 'a profile linked' : 'no profile';
  return `it shows status ${String(record.status)}, auth_required ${String(record.auth_required)}, ${profile}`;
}
