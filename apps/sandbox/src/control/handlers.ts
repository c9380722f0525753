import type { Ctx, Handler } from '../api/context.js';
import { findTest } from '../catalog/tests.js';
import type { TestDefinition } from '../catalog/types.js';
import { ApiError, Encoded } from '../http/envelope.js';
import { PAGES } from '../limits.js';
import { assertClockKeepsAges } from '../rules/age-bounds.js';
import { createRecord as create, createRoadmap as createMap, type RecordState } from '../store/create.js';
import { sql, transaction } from '../store/db.js';
import { encodeRoadmap, recordView, roadmapView } from '../store/present.js';
import { assertRoom } from '../store/quotas.js';
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
  const row = transaction(ctx.db, 'immediate', () => {
    assertRoom(ctx.db, ctx.org.id, { records: 1 });
    return create(ctx.db, ctx.org.id, test, body.state ?? 'ready', ctx.now);
  });
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
  const records = roles.reduce((sum, role) => sum + role.tests.length, 0);
  const token = transaction(ctx.db, 'immediate', () => {
    assertRoom(ctx.db, ctx.org.id, { records, roadmaps: 1 });
    return createMap(ctx.db, ctx.org.id, roles, ctx.now);
  });
  const row = getRoadmap(ctx.db, ctx.org.id, token);
  if (!row) throw new Error('the roadmap just created is missing');
  return roadmapView(ctx.view, row);
};

/** A page's place and size from the query (defaults applied by the validator), and its fields but the items. */
function paging(ctx: Ctx, count: number) {
  const page = Number(ctx.params.page ?? 1);
  const size = Number(ctx.params.page_size);
  return {
    offset: (page - 1) * size,
    size,
    head: { count, page, page_size: size, next_page: page * size < count ? page + 1 : null },
  };
}

const listRoadmaps: Handler = async (ctx) => {
  const { n } = sql<{ n: number }>(ctx.db, 'SELECT count(*) AS n FROM roadmaps WHERE organizer = ?').get(
    ctx.org.id,
  ) ?? { n: 0 };
  ctx.params.page_size ??= PAGES.roadmaps.default;
  const { offset, size, head } = paging(ctx, n);
  const rows = sql<RoadmapRow>(
    ctx.db,
    'SELECT * FROM roadmaps WHERE organizer = ? ORDER BY created DESC, rowid DESC LIMIT ? OFFSET ?',
  ).all(ctx.org.id, size, offset);
  // A roadmap may hold 200 records: they are viewed and encoded in steps, other keys' calls between.
  const parts: string[] = [];
  for (const row of rows) {
    await ctx.turn();
    parts.push(await encodeRoadmap(ctx.view, row, ctx.turn));
  }
  return new Encoded(`${JSON.stringify(head).slice(0, -1)},"roadmaps":[${parts.join(',')}]}`);
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
  const mobile = String(ctx.params.mobile);
  const { n } = sql<{ n: number }>(
    ctx.db,
    'SELECT count(*) AS n FROM sms_outbox WHERE organizer = ? AND mobile = ?',
  ).get(ctx.org.id, mobile) ?? { n: 0 };
  ctx.params.page_size ??= PAGES.outbox.default;
  const { offset, size, head } = paging(ctx, n);
  const rows = sql<{ mobile: string; code: string; purpose: string; token: string; sent_at: number }>(
    ctx.db,
    'SELECT mobile, code, purpose, token, sent_at FROM sms_outbox WHERE organizer = ? AND mobile = ? ORDER BY id DESC LIMIT ? OFFSET ?',
  ).all(ctx.org.id, mobile, size, offset);
  return { ...head, messages: rows.map((r) => ({ ...r, sent_at: new Date(r.sent_at).toISOString() })) };
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

const reset: Handler = async (ctx) => {
  await resetOrganizer(ctx.db, ctx.org.id, ctx.baseNow, ctx.turn);
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
