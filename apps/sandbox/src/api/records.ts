import type { Score } from '../catalog/answers.js';
import { refuse } from '../errors/index.js';
import { sql } from '../store/db.js';
import { recordDetailView, recordView, testOf } from '../store/present.js';
import { RECORD_COLUMNS, type RecordRow } from '../store/rows.js';
import { type ApiHandler, requireRecord } from './context.js';

export const listRecords: ApiHandler<'listRecords'> = (ctx) => {
  const { status, auth_required: authRequired, page, page_size: pageSize } = ctx.params;
  const where = ['organizer = @organizer'];
  if (status !== undefined) where.push('status = @status');
  if (authRequired !== undefined) where.push(`profile IS ${authRequired ? '' : 'NOT '}NULL`);
  const filter = `FROM records WHERE ${where.join(' AND ')}`;
  const args = {
    organizer: ctx.org.id,
    ...(status === undefined ? {} : { status }),
    limit: pageSize,
    offset: (page - 1) * pageSize,
  };
  const { count } = sql<{ count: number }>(ctx.db, `SELECT count(*) AS count ${filter}`).get(args) ?? { count: 0 };
  const rows = sql<RecordRow>(
    ctx.db,
    `SELECT ${RECORD_COLUMNS} ${filter} ORDER BY created DESC, seq DESC LIMIT @limit OFFSET @offset`,
  ).all(args);
  return {
    count,
    page,
    page_size: pageSize,
    next_page: page * pageSize < count ? page + 1 : null,
    results: rows.map((row) => recordView(ctx.view, row)),
  };
};

export const getRecord: ApiHandler<'getRecord'> = (ctx) => recordDetailView(ctx.view, requireRecord(ctx));

export const getResult: ApiHandler<'getResult'> = (ctx) => {
  const row = requireRecord(ctx);
  if (row.status !== 1 || row.submit_on === null) throw refuse('notFinished');
  return {
    token: row.token,
    test_id: row.test_id,
    test_title: testOf(row).title,
    submit_on: new Date(row.submit_on).toISOString(),
    scores: JSON.parse(row.scores ?? '[]') as Score[],
  };
};
