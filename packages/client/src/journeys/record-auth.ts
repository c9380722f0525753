import type { TasClient } from '../client.js';
import { TasError } from '../errors.js';
import { basePath } from '../operations.js';
import type { CallInit, TestRecord } from '../types.js';

type Body = CallInit<'authenticateRecord'>['body'];

/** What the participant needs to finish: nothing (instant), or the SMS code (SMS mode). */
export type RecordAuthStart =
  | { status: 'authenticated'; record: TestRecord }
  | {
      status: 'code_sent';
      /** Seconds the SMS code stays valid, as the server said. */
      codeExpiresIn: number;
      /** Completes authentication with the code the participant received. */
      verify(code: string, options?: { signal?: AbortSignal }): Promise<TestRecord>;
    };

/** Starts standalone authentication: instant organizers are done at once, SMS ones get a code. */
export async function startRecordAuth(
  tas: TasClient,
  token: string,
  body: Body,
  options: { signal?: AbortSignal } = {},
): Promise<RecordAuthStart> {
  const data = await tas.call('authenticateRecord', { path: { token }, body, signal: options.signal });
  if (!data.tests_auth_required) return { status: 'authenticated', record: data.record };
  return {
    status: 'code_sent',
    codeExpiresIn: data.code_expires_in,
    verify: (code, { signal } = {}) =>
      tas.call('verifyRecordAuth', { path: { token }, body: { code }, signal: signal ?? options.signal }),
  };
}

export interface AuthOptions {
  /** Supplies the SMS code (SMS mode): ask the participant, read a test outbox… */
  code?: (sent: { token: string; mobile: string; expiresInSeconds: number }) => string | Promise<string>;
  signal?: AbortSignal;
}

/** Authenticates a standalone record in either mode and resolves to the authenticated record. */
export async function authenticateRecord(
  tas: TasClient,
  token: string,
  body: Body,
  options: AuthOptions = {},
): Promise<TestRecord> {
  const started = await startRecordAuth(tas, token, body, options);
  if (started.status === 'authenticated') return started.record;
  if (!options.code) throw smsCodeRequired('authenticateRecord', `${basePath}/record/${token}/auth/`);
  const code = await options.code({ token, mobile: body.mobile, expiresInSeconds: started.codeExpiresIn });
  return started.verify(code, options);
}

export function smsCodeRequired(operation: 'authenticateRecord' | 'authenticateRoadmap', path: string): TasError {
  return new TasError(
    'sms_code_required',
    { operation, method: 'POST', path },
    'the organizer requires SMS verification (tests_auth_required true) and no `code` callback was given',
  );
}
