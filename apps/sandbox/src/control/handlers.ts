import type { Ctx, Handler } from '../api/context.js';
import { findTest } from '../catalog/tests.js';
import type { TestDefinition } from '../catalog/types.js';
import { ApiError } from '../http/envelope.js';
import { assertClockKeepsAges } from '../rules/age-bounds.js';
import { createRecord as create, createRoadmap as createMap, type RecordState } from '../store/create.js';
import { sql, transaction } from '../store/db.js';
import { recordView, roadmapView } from '../store/present.js';
import { getRecord, getRoadmap, type RoadmapRow, STATUS, writeOrganizer } from '../store/rows.js';
import { defaultRoles, resetOrganizer } from '../store/seed.js';

function testNamed(id: string, field: string): TestDefinition {
  const test = findTest(id);
  if (!test) throw ApiError.of(400, 'invalid_body', `No test ${id} in the sandbox.`, field);
  return test;
}

const createRecord: Handler = (ctx) => {
  const body = ctx.body as { test_id: string; state?: RecordState };
  const test = testNamed(body.test_id, '/test_id');
  const row = transaction(ctx.db, 'deferred', () => create(ctx.db, ctx.org.id, test, body.state ?? 'ready', ctx.now));
  return recordView(ctx.view, row);
};

const createRoadmap: Handler = (ctx) => {
  const given = (ctx.body as { roles?: { id: number; title: string; test_ids: string[] }[] } | undefined)?.roles;
  const roles = given
    ? given.map((role, i) => {
        if (given.findIndex((r) => r.id === role.id) !== i)
          throw ApiError.of(400, 'invalid_body', `Role ${role.id} is given twice.`, `/roles/${i}/id`);
        const tests = role.test_ids.map((id, j) => testNamed(id, `/roles/${i}/test_ids/${j}`));
        return { id: role.id, title: role.title, tests };
      })
    : defaultRoles();
  const token = transaction(ctx.db, 'deferred', () => createMap(ctx.db, ctx.org.id, roles, ctx.now));
  const row = getRoadmap(ctx.db, ctx.org.id, token);
  if (!row) throw new Error('the roadmap just created is missing');
  return roadmapView(ctx.view, row);
};

const listRoadmaps: Handler = (ctx) => {
  const rows = sql<RoadmapRow>(
    ctx.db,
    'SELECT * FROM roadmaps WHERE organizer = ? ORDER BY created DESC, rowid DESC',
  ).all(ctx.org.id);
  return { roadmaps: rows.map((row) => roadmapView(ctx.view, row)) };
};

const completeVip: Handler = (ctx) => {
  const token = String(ctx.params.token);
  const done = sql(ctx.db, 'UPDATE records SET status = ? WHERE token = ? AND organizer = ? AND status = ?').run(
    STATUS.ready,
    token,
    ctx.org.id,
    STATUS.vipWait,
  );
  const row = getRecord(ctx.db, ctx.org.id, token);
  if (!row) throw ApiError.of(404, 'not_found', 'No test record with this token.');
  if (done.changes !== 1) throw ApiError.of(409, 'not_vip_wait', 'The record is not in VIP wait.');
  return recordView(ctx.view, row);
};

const readSmsOutbox: Handler = (ctx) => {
  const rows = sql<{ mobile: string; code: string; purpose: string; token: string; sent_at: number }>(
    ctx.db,
    'SELECT mobile, code, purpose, token, sent_at FROM sms_outbox WHERE organizer = ? AND mobile = ? ORDER BY id DESC',
  ).all(ctx.org.id, String(ctx.params.mobile));
  return { messages: rows.map((r) => ({ ...r, sent_at: new Date(r.sent_at).toISOString() })) };
};

const advanceClock: Handler = (ctx: Ctx) => {
  const { seconds } = ctx.body as { seconds: number };
  const ms = seconds * 1000;
  const { birth } = sql<{ birth: string | null }>(
    ctx.db,
    'SELECT MIN(birth) AS birth FROM profiles WHERE organizer = ?',
  ).get(ctx.org.id) ?? { birth: null };
  assertClockKeepsAges(birth, ctx.now, seconds);
  writeOrganizer(ctx.db, 'UPDATE organizers SET clock_offset_ms = clock_offset_ms + ? WHERE id = ?', ms, ctx.org.id);
  return { now: new Date(ctx.now + ms).toISOString() };
};

const reset: Handler = (ctx) => {
  resetOrganizer(ctx.db, ctx.org.id, ctx.baseNow);
  return {};
};

/** The control API's behaviour, by the operationIds of control.openapi.yaml. */
export const CONTROL_HANDLERS: Record<string, Handler> = {
  createRecord,
  listRoadmaps,
  createRoadmap,
  completeVip,
  readSmsOutbox,
  advanceClock,
  reset,
};
