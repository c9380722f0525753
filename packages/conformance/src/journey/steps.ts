import { type CheckContext, HarnessShortfall } from '../check.js';
import type { Schemas, Unchecked } from '../described.js';
import { type Exchange, isSuccess } from '../types.js';
import { answersFor } from './answers.js';
import { completeAuthentication, journeyFor } from './authentication.js';
import { assumedOf, type ProfileInput, profileFor, type TestRules } from './profile.js';

/**
 * A record as a deployment answered it: the keys of the description's RecordDetail, their values not
 * validated, save its token, which the journeys send back as it came in the next request's path
 * (the response rules judge the record's shape).
 */
export type RecordData = NonNullable<Unchecked<Schemas['RecordDetail']>> & { token: string };

/** The envelope's `data`, read as the description's schema `T` shapes it: its keys, their values not validated. */
export function dataOf<T = unknown>(exchange: Exchange): Unchecked<T> | undefined {
  return (exchange.response.json as { data?: Unchecked<T> } | undefined)?.data;
}

/** GET /record/{token}/, expecting 200. */
export async function getRecord(ctx: CheckContext, token: string): Promise<RecordData | undefined> {
  const exchange = await ctx.call('getRecord', { params: { token } });
  return ctx.expectStatus(exchange, 200, 'the record') ? (dataOf(exchange) as RecordData | undefined) : undefined;
}

/** Authenticates a standalone record, instantly or with the SMS code; returns what was sent and the last answer. */
export async function authenticateRecord(
  ctx: CheckContext,
  record: RecordData,
  profile: ProfileInput = profileFor(ctx, record.test ?? {}),
) {
  const mobile = ctx.mobile();
  const first = await ctx.call('authenticateRecord', {
    params: { token: record.token },
    body: { mobile, profile },
    assumed: assumedOf([(record.test ?? {}) as TestRules], ctx.profile.test_fields),
  });
  let last = first;
  if (ctx.expectStatus(first, 200, 'record authentication')) {
    const journey = journeyFor('record', Boolean(record.tests_auth_required));
    last = await completeAuthentication(ctx, journey, { token: record.token, mobile, first });
    if (last !== first) ctx.expectStatus(last, 200, 'record verification with the SMS code');
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
  const answers = answersFor(dataOf<Schemas['Questionnaire']>(exchange));
  if (!answers)
    throw new HarnessShortfall(`record ${token} has an HTML questionnaire; fixtures must be records of JSON tests`);
  return { exchange, answers, questionnaire: dataOf<Schemas['JsonQuestionnaire']>(exchange) };
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

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Where a listing page's records sit ("not shown"): `data` itself, or one of these under it (or under `data.data`). */
const ITEM_KEYS = ['results', 'records', 'items', 'data', 'rows', 'entries', 'list', 'objects', 'content'];
/** The records of a page, or undefined when the page holds no list the suite recognises. */
export function pageItems(data: unknown): unknown[] | undefined {
  if (Array.isArray(data)) return data;
  if (!isObject(data)) return undefined;
  for (const key of ITEM_KEYS) {
    const value = data[key];
    if (Array.isArray(value)) return value;
    if (key === 'data' && isObject(value)) return pageItems(value);
  }
  return undefined;
}

/** The records of a page as the suite reads them: entries that are objects with a token. */
export function recordsOf(data: unknown): RecordData[] {
  return (pageItems(data) ?? []).filter((r): r is RecordData => isObject(r) && typeof (r as Json).token === 'string');
}
