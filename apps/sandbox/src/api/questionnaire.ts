import { type Answer, checkAnswers, score } from '../catalog/answers.js';
import { refuse } from '../errors/index.js';
import { renderHtmlForm } from '../forms/render.js';
import { type Db, sql, transaction } from '../store/db.js';
import { recordView, testOf } from '../store/present.js';
import type { RecordRow } from '../store/rows.js';
import { type ApiHandler, requireRecord } from './context.js';

/** The prerequisites of questions and answers: VIP done (403), not finished (409), authenticated (403). */
export function takeable(row: RecordRow): RecordRow {
  if (row.status === 0) throw refuse('vipWait');
  if (row.status === 1) throw refuse('recordFinished');
  if (!row.profile) throw refuse('notAuthenticated');
  return row;
}

export const getQuestions: ApiHandler<'getQuestions'> = (ctx) => {
  const row = takeable(requireRecord(ctx));
  const test = testOf(row);
  const q = test.questionnaire;
  return q.kind === 'html'
    ? { html: renderHtmlForm(test, row.token, ctx.origin, ctx.formSecret(row.token)) }
    : { test_id: test.id, preface: q.preface, questions: q.questions };
};

/**
 * Scores and finishes a record, read again inside the write's transaction by `read`: the API's
 * submission and the HTML form's both end here. Throws an ApiError when it cannot.
 */
export function finishRecord(db: Db, now: number, read: () => RecordRow, answers: Answer[]): RecordRow {
  return transaction(db, 'immediate', () => {
    const row = takeable(read());
    const test = testOf(row);
    const problem = checkAnswers(test, answers);
    if (problem) throw refuse('invalidAnswers', { why: problem.text }, problem.field);
    // The state is the condition of the write: of concurrent submissions exactly one changes the row.
    const finished = sql(
      db,
      `UPDATE records SET status = 1, submit_on = ?, answers = ?, scores = ?
       WHERE token = ? AND status = 2 AND profile IS NOT NULL`,
    ).run(now, JSON.stringify(answers), JSON.stringify(score(test, answers)), row.token);
    if (finished.changes !== 1) throw refuse('recordFinished');
    return { ...row, status: 1, submit_on: now };
  });
}

export const submitAnswers: ApiHandler<'submitAnswers'> = (ctx) =>
  recordView(
    ctx.view,
    finishRecord(ctx.db, ctx.now, () => requireRecord(ctx), ctx.body.record),
  );
