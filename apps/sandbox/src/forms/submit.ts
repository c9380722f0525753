import type { RawBody } from '@tas/openapi';
import { finishRecord } from '../api/questionnaire.js';
import type { Answer } from '../catalog/answers.js';
import { ApiError } from '../http/envelope.js';
import { KEYLESS } from '../limits.js';
import { type Db, sql } from '../store/db.js';
import { testOf } from '../store/present.js';
import { getOrganizer, getRecord } from '../store/rows.js';
import { FORMS_PREFIX, finishedPage, refusedPage } from './render.js';
import { type FormSecrets, SECRET_FIELD } from './secret.js';

export interface FormAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const HTML = { 'Content-Type': 'text/html; charset=utf-8', 'X-Content-Type-Options': 'nosniff' };
const TOKEN = /^[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/;

/** Is this a request for an HTML form's submission (`/forms/{token}/`)? Its token, if so. */
export function formToken(pathname: string): string | undefined {
  if (!pathname.startsWith(FORMS_PREFIX)) return undefined;
  const rest = pathname.slice(FORMS_PREFIX.length);
  // Anything but a plain token (a bad escape, no trailing slash) is no record: a 404 page.
  return rest.endsWith('/') ? rest.slice(0, -1).toLowerCase() : '';
}

const refuse = (status: number, code: string, text: string, headers: Record<string, string> = {}): FormAnswer => ({
  status,
  headers: { ...HTML, ...headers },
  body: refusedPage(code, text),
});

/** A refusal thrown on the way to the form (the keyless budget, the keyless queue) as a page. */
export const formRefusal = (error: ApiError): FormAnswer =>
  refuse(error.status, error.messages[0]?.code ?? 'refused', error.messages[0]?.text ?? 'Refused.', error.headers);

/**
 * The submission of a sandbox HTML questionnaire: `a1`…`aN` posted as a form, with no API key but
 * the secret the questionnaire carried (forms/secret.ts): without a good one the post is refused
 * before the record is looked up, the same for any token. It finishes the record as
 * `POST /record/{token}/` does, and answers a page that tells its embedder by postMessage.
 */
export function answerForm(
  db: Db,
  clock: () => number,
  secrets: FormSecrets,
  method: string,
  token: string,
  contentType: string | undefined,
  raw: RawBody,
): FormAnswer {
  if (method !== 'POST')
    return refuse(405, 'method_not_allowed', `${method} is not allowed here: the form posts.`, { Allow: 'POST' });
  if (!TOKEN.test(token)) return refuse(404, 'not_found', 'No test record with this token.');
  if (raw.tooLarge)
    return refuse(413, 'body_too_large', `The answers are larger than ${KEYLESS.formBytes / 1024} KiB.`, {
      Connection: 'close',
    });
  if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test(contentType ?? ''))
    return refuse(400, 'invalid_body', 'The form posts application/x-www-form-urlencoded.');
  const fields = new URLSearchParams(raw.text);
  if (!secrets.check(token, fields.get(SECRET_FIELD), clock()))
    return refuse(
      403,
      'form_not_issued',
      'This form was not issued for this record by this sandbox, or it expired; fetch the questionnaire again.',
    );
  const owner = sql<{ organizer: string }>(db, 'SELECT organizer FROM records WHERE token = ?').get(token);
  const org = owner && getOrganizer(db, owner.organizer);
  const row = org && getRecord(db, org.id, token);
  if (!org || !row) return refuse(404, 'not_found', 'No test record with this token.');
  const q = testOf(row).questionnaire;
  if (q.kind !== 'html') return refuse(409, 'not_an_html_form', 'This record is answered through the API, not a form.');
  const answers: Answer[] = [];
  for (let i = 1; i <= q.count; i++) {
    const value = fields.get(`a${i}`);
    if (value === null || !/^\d{1,3}$/.test(value))
      return refuse(400, 'invalid_answers', `پرسش ${i} پاسخ ندارد (question ${i} has no answer).`);
    answers.push(Number(value));
  }
  try {
    const now = clock() + org.clock_offset_ms;
    finishRecord(db, now, () => getRecord(db, org.id, token) ?? row, answers);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return formRefusal(error);
  }
  return { status: 200, headers: HTML, body: finishedPage(token) };
}
