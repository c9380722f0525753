import { type Answer, checkAnswers, score } from '../catalog/answers.js';
import { ApiError } from '../http/envelope.js';
import { sql, transaction } from '../store/db.js';
import { recordView, testOf } from '../store/present.js';
import type { RecordRow } from '../store/rows.js';
import { type Ctx, type Handler, requireRecord } from './context.js';

/** The prerequisites of questions and answers: VIP done (403), not finished (409), authenticated (403). */
function takeable(ctx: Ctx): RecordRow {
  const row = requireRecord(ctx);
  if (row.status === 0)
    throw ApiError.of(403, 'vip_wait', "The record waits for the organizer's VIP or billing action.");
  if (row.status === 1) throw ApiError.of(409, 'record_finished', 'The record is already finished.');
  if (!row.profile) throw ApiError.of(403, 'not_authenticated', 'The record has no authenticated profile yet.');
  return row;
}

export const getQuestions: Handler = (ctx) => {
  const test = testOf(takeable(ctx));
  const q = test.questionnaire;
  return q.kind === 'html' ? { html: q.html } : { test_id: test.id, preface: q.preface, questions: q.questions };
};

export const submitAnswers: Handler = (ctx) => {
  const answers = ctx.body.record as Answer[];
  return transaction(ctx.db, 'immediate', () => {
    const row = takeable(ctx);
    const test = testOf(row);
    const problem = checkAnswers(test, answers);
    if (problem) throw ApiError.of(400, 'invalid_answers', problem.text, problem.field);
    // The state is the condition of the write: of concurrent submissions exactly one changes the row.
    const finished = sql(
      ctx.db,
      `UPDATE records SET status = 1, submit_on = ?, answers = ?, scores = ?
       WHERE token = ? AND status = 2 AND profile IS NOT NULL`,
    ).run(ctx.now, JSON.stringify(answers), JSON.stringify(score(test, answers)), row.token);
    if (finished.changes !== 1) throw ApiError.of(409, 'record_finished', 'The record is already finished.');
    return recordView(ctx.view, { ...row, status: 1, submit_on: ctx.now });
  });
};
