import type { Ctx, Handler } from '../api/context.js';
import { findTest } from '../catalog/tests.js';
import type { TestDefinition } from '../catalog/types.js';
import { refuse } from '../errors/index.js';
import type { components, defaulted, operations } from '../generated/control.js';
import { Encoded } from '../http/envelope.js';
import { issueKey as issue, keyInfo, listKeys as list, revokeKey as revoke } from '../keys/store.js';
import { assertClockKeepsAges } from '../rules/age-bounds.js';
import { createRecord as create, createRoadmap as createMap } from '../store/create.js';
import { sql, transaction } from '../store/db.js';
import { encodeRoadmap, recordView, roadmapView } from '../store/present.js';
import { assertRoom } from '../store/quotas.js';
import { getRecord, getRoadmap, type RoadmapRow, STATUS, writeOrganizer } from '../store/rows.js';
import { defaultRoles, resetOrganizer } from '../store/seed.js';

/** The handler of an operation of the control API (control.openapi.yaml). */
type ControlHandler<Id extends keyof operations> = Handler<operations[Id], defaulted[Id]>;

function testNamed(id: string, field: string): TestDefinition {
  const test = findTest(id);
  if (!test) throw refuse('unknownTest', { id }, field);
  return test;
}

const createRecord: ControlHandler<'createRecord'> = (ctx) => {
  const { body } = ctx;
  const test = testNamed(body.test_id, '/test_id');
  const row = transaction(ctx.db, 'immediate', () => {
    assertRoom(ctx.db, ctx.org.id, { records: 1 });
    return create(ctx.db, ctx.org.id, test, body.state ?? 'ready', ctx.now);
  });
  return recordView(ctx.view, row);
};

const createRoadmap: ControlHandler<'createRoadmap'> = (ctx) => {
  const given = ctx.body?.roles;
  const roles = given
    ? given.map((role, i) => {
        if (given.findIndex((r) => r.id === role.id) !== i)
          throw refuse('roleTwice', { role: role.id }, `/roles/${i}/id`);
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

/** A page's place and size from the query (defaults applied by the request check), and its fields but the items. */
function paging(ctx: Ctx<{ page: number; page_size: number }>, count: number) {
  const { page, page_size: size } = ctx.params;
  return {
    offset: (page - 1) * size,
    size,
    head: { count, page, page_size: size, next_page: page * size < count ? page + 1 : null },
  };
}

const COMMA = Buffer.from(',');

const listRoadmaps: ControlHandler<'listRoadmaps'> = async (ctx) => {
  const { n } = sql<{ n: number }>(ctx.db, 'SELECT count(*) AS n FROM roadmaps WHERE organizer = ?').get(
    ctx.org.id,
  ) ?? { n: 0 };
  const { offset, size, head } = paging(ctx, n);
  const rows = sql<RoadmapRow>(
    ctx.db,
    'SELECT * FROM roadmaps WHERE organizer = ? ORDER BY created DESC, rowid DESC LIMIT ? OFFSET ?',
  ).all(ctx.org.id, size, offset);
  // A roadmap may hold 200 records: they are viewed and encoded in steps, other keys' calls between.
  const chunks: Buffer[] = [Buffer.from(`${JSON.stringify(head).slice(0, -1)},"roadmaps":[`)];
  for (const [i, row] of rows.entries()) {
    await ctx.turn();
    if (i > 0) chunks.push(COMMA);
    chunks.push(...(await encodeRoadmap(ctx.view, row, ctx.turn)));
  }
  chunks.push(Buffer.from(']}'));
  return new Encoded(chunks);
};

const completeVip: ControlHandler<'completeVip'> = (ctx) => {
  const token = ctx.params.token;
  const done = sql(ctx.db, 'UPDATE records SET status = ? WHERE token = ? AND organizer = ? AND status = ?').run(
    STATUS.ready,
    token,
    ctx.org.id,
    STATUS.vipWait,
  );
  const row = getRecord(ctx.db, ctx.org.id, token);
  if (!row) throw refuse('recordNotFound');
  if (done.changes !== 1) throw refuse('notVipWait');
  return recordView(ctx.view, row);
};

const readSmsOutbox: ControlHandler<'readSmsOutbox'> = (ctx) => {
  const { mobile } = ctx.params;
  const { n } = sql<{ n: number }>(
    ctx.db,
    'SELECT count(*) AS n FROM sms_outbox WHERE organizer = ? AND mobile = ?',
  ).get(ctx.org.id, mobile) ?? { n: 0 };
  const { offset, size, head } = paging(ctx, n);
  const rows = sql<Omit<components['schemas']['SmsMessage'], 'sent_at'> & { sent_at: number }>(
    ctx.db,
    'SELECT mobile, code, purpose, token, sent_at FROM sms_outbox WHERE organizer = ? AND mobile = ? ORDER BY id DESC LIMIT ? OFFSET ?',
  ).all(ctx.org.id, mobile, size, offset);
  return { ...head, messages: rows.map((r) => ({ ...r, sent_at: new Date(r.sent_at).toISOString() })) };
};

const advanceClock: ControlHandler<'advanceClock'> = (ctx) => {
  const { seconds } = ctx.body;
  const ms = seconds * 1000;
  const { birth } = sql<{ birth: string | null }>(
    ctx.db,
    'SELECT MIN(birth) AS birth FROM profiles WHERE organizer = ?',
  ).get(ctx.org.id) ?? { birth: null };
  assertClockKeepsAges(birth, ctx.now, seconds);
  writeOrganizer(ctx.db, 'UPDATE organizers SET clock_offset_ms = clock_offset_ms + ? WHERE id = ?', ms, ctx.org.id);
  return { now: new Date(ctx.now + ms).toISOString() };
};

const reset: ControlHandler<'reset'> = async (ctx) => {
  await resetOrganizer(ctx.db, ctx.org.id, ctx.baseNow, ctx.turn);
  return {};
};

// The host key's operations (x-host-key in control.openapi.yaml): the app lets no other key reach them.
const listKeys: ControlHandler<'listKeys'> = (ctx) => ({ keys: list(ctx.db) });

const issueKey: ControlHandler<'issueKey'> = (ctx) => issue(ctx.db, ctx.body.mode, ctx.body.label ?? '', ctx.baseNow);

const revokeKey: ControlHandler<'revokeKey'> = async (ctx) => {
  if (!keyInfo(ctx.db, ctx.params.id)) throw refuse('keyNotFound');
  return (await revoke(ctx.db, ctx.params.id, ctx.baseNow, ctx.turn)) as NonNullable<ReturnType<typeof keyInfo>>;
};

/** The control API's behaviour, by the operationIds of control.openapi.yaml. */
export const CONTROL_HANDLERS: { [Id in keyof operations]: ControlHandler<Id> } = {
  createRecord,
  listRoadmaps,
  createRoadmap,
  completeVip,
  readSmsOutbox,
  advanceClock,
  reset,
  listKeys,
  issueKey,
  revokeKey,
};
