import type { RawBody } from '@tas/openapi';
import { finishRecord } from '../api/questionnaire.js';
import type { Answer } from '../catalog/answers.js';
import { refuse } from '../errors/index.js';
import { ApiError } from '../http/envelope.js';
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

/** A refusal as a page the participant can read (and its code, as `data-code`, a test can). */
export const formRefusal = (error: ApiError): FormAnswer => ({
  status: error.status,
  headers: { ...HTML, ...error.headers },
  body: refusedPage(error.messages[0]?.code ?? 'refused', error.messages[0]?.text ?? 'Refused.'),
});

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
  embedders?: readonly string[],
): FormAnswer {
  const page = (error: ApiError) => formRefusal(error);
  if (method !== 'POST') return page(refuse('formMethod', { method }).with({ Allow: 'POST' }));
  if (!TOKEN.test(token)) return page(refuse('formNotFound'));
  if (raw.tooLarge) return page(refuse('formTooLarge').with({ Connection: 'close' }));
  if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test(contentType ?? '')) return page(refuse('formType'));
  const fields = new URLSearchParams(raw.text);
  // Before the record is looked up: the same answer whether it exists or not.
  if (!secrets.check(token, fields.get(SECRET_FIELD), clock())) return page(refuse('formNotIssued'));
  const owner = sql<{ organizer: string }>(db, 'SELECT organizer FROM records WHERE token = ?').get(token);
  const org = owner && getOrganizer(db, owner.organizer);
  const row = org && getRecord(db, org.id, token);
  if (!org || !row) return page(refuse('formNotFound'));
  const q = testOf(row).questionnaire;
  if (q.kind !== 'html') return page(refuse('notAnHtmlForm'));
  const answers: Answer[] = [];
  for (let i = 1; i <= q.count; i++) {
    const value = fields.get(`a${i}`);
    if (value === null || !/^\d{1,3}$/.test(value)) return page(refuse('formAnswerMissing', { item: i }));
    answers.push(Number(value));
  }
  try {
    const now = clock() + org.clock_offset_ms;
    finishRecord(db, now, () => getRecord(db, org.id, token) ?? row, answers);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return formRefusal(error);
  }
  return { status: 200, headers: HTML, body: finishedPage(token, embedders) };
}
