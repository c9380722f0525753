// A partner's module written against @tas/client 2.0.0, left as it was: it uses only names that
// release exported (its src/index.ts and src/types.ts), including the schema name `Record`, which
// the description renamed `TestRecord` in 2.0.2. test/compat.test.ts compiles it with tsc --strict.
import {
  type AnswerValue,
  type CallInit,
  type components,
  createClient,
  type DataOf,
  type JsonQuestionnaire,
  type Message,
  type OperationId,
  type operations,
  type Profile,
  type paths,
  type Question,
  type RecordDetail,
  type Result,
  type Roadmap,
  type Schemas,
  TasApiError,
  type TasClient,
  type TestRecord,
} from '@tas/client';

// The schemas by their 2.0.0 names, as a partner reached them.
type ApiRecord = components['schemas']['Record'];
type SchemaRecord = Schemas['Record'];
type Envelope = components['schemas']['Envelope'];
type ErrorBody = components['schemas']['ErrorEnvelope'];
type RecordStatus = components['schemas']['RecordStatus'];

// Answers read through the operations and paths, as openapi-typescript users do.
type RecordAnswer = operations['getRecord']['responses'][200]['content']['application/json'];
type ListAnswer = paths['/record/']['get']['responses'][200]['content']['application/json'];
type ListedRecord = DataOf<'listRecords'>['results'][number];

export function describeRecord(record: ApiRecord): string {
  const status: RecordStatus = record.status;
  const who = record.profile ? `${record.profile.name} (${record.profile.token})` : 'nobody yet';
  return `${record.test_title} [${record.token}] status ${status}, ${who}, submitted ${record.submit_on ?? 'not yet'}`;
}

// The old name, the helper's name and the listing's item are one type.
export const fromHelper = (r: TestRecord): ApiRecord => r;
export const toHelper = (r: SchemaRecord): TestRecord => r;
export const fromListing = (r: ListedRecord): ApiRecord => r;
export const detailIsRecord = (d: RecordDetail): ApiRecord => d;

export function payloadOf(answer: RecordAnswer): RecordDetail {
  // The envelope's fields, typed: `successful` is true on a 200, `messages` a list of messages.
  const ok: true = answer.successful;
  const messages: Message[] = answer.messages;
  if (!ok || messages.length > 0) throw new Error('unexpected messages');
  return answer.data;
}

export function recordsOf(answer: ListAnswer): ApiRecord[] {
  return answer.data.results;
}

export function anyEnvelope(body: Envelope): { ok: boolean; codes: string[] } {
  return { ok: body.successful, codes: body.messages.map((m) => m.code) };
}

export function errorCodes(body: ErrorBody): string[] {
  const failed: false = body.successful;
  return failed ? [] : body.messages.map((m: Message) => `${m.code}${m.field ? ` at ${m.field}` : ''}`);
}

export function questionTexts(q: JsonQuestionnaire): string[] {
  return q.questions.map((question: Question) => `${question.num}. ${question.question.text}`);
}

export function firstAnswer(question: Question): AnswerValue {
  return question.answer.text ? 'a free text' : (question.answer.options[0]?.id ?? 0);
}

export function scoreLines(result: Result): string[] {
  return result.scores.map((s) => `${s.title}: ${s.raw} / ${s.max}`);
}

export function roles(roadmap: Roadmap): number[] {
  return roadmap.roles.map((r) => r.id);
}

export function owner(profile: Profile): string {
  return profile.external_id === null ? profile.name : `${profile.name} #${profile.external_id}`;
}

export async function finishedRecord(tas: TasClient, token: string): Promise<ApiRecord | undefined> {
  const init: CallInit<'getRecord'> = { path: { token } };
  try {
    const record = await tas.call('getRecord', init);
    return record.is_finished ? record : undefined;
  } catch (error) {
    if (error instanceof TasApiError && error.status === 404) return undefined;
    throw error;
  }
}

export const operationsUsed: OperationId[] = ['getRecord', 'listRecords'];
export const client: TasClient = createClient({ baseUrl: 'http://localhost:4010', apiKey: 'sandbox-key-sms' });
