import { refuse } from '../errors/index.js';
import { ApiError } from '../http/envelope.js';
import { assertAgeInBounds } from '../rules/age-bounds.js';
import { ineligibility } from '../rules/eligibility.js';
import { checkCode, pendingByDraft, sendCode } from '../rules/sms.js';
import { sql, transaction } from '../store/db.js';
import { profileView, roadmapView, testOf } from '../store/present.js';
import { linkProfile, type RoadmapRow, roadmapRecords } from '../store/rows.js';
import { type ApiHandler, type Ctx, requireRoadmap, type Schemas } from './context.js';
import { addProfile, assertExternalIdsFree } from './profiles.js';

type RoleInput = Schemas['RoleProfileInput'];

export const getRoadmap: ApiHandler<'getRoadmap'> = (ctx) => roadmapView(ctx.view, requireRoadmap(ctx));

/** A roadmap open to authentication: known, not finished (404), not yet authenticated (409). */
function open(ctx: Ctx<{ token: string }>): RoadmapRow {
  const row = requireRoadmap(ctx);
  const records = roadmapRecords(ctx.db, row.token);
  if (records.length > 0 && records.every((r) => r.status === 1)) throw refuse('roadmapNotOpen');
  if (row.authenticated) throw refuse('alreadyAuthenticated');
  return row;
}

/** Every role once, each known to the roadmap; each profile fits every test of its role. */
function checkRoles(ctx: Ctx, row: RoadmapRow, roles: RoleInput[]): void {
  const defined = (JSON.parse(row.roles) as Schemas['Role'][]).map((r) => r.id);
  const invalid = (why: string, field: string) => refuse('invalidProfile', { why }, field);
  roles.forEach((role, i) => {
    if (!defined.includes(role.id))
      throw invalid(`Role ${role.id} is not a role of this roadmap (${defined.join(', ')}).`, `/roles/${i}/id`);
    if (roles.findIndex((r) => r.id === role.id) !== i)
      throw invalid(`Role ${role.id} is given twice.`, `/roles/${i}/id`);
  });
  const missing = defined.filter((id) => !roles.some((r) => r.id === id));
  if (missing.length) throw invalid(`Every role needs a profile; missing role ${missing.join(', ')}.`, '/roles');
  const records = roadmapRecords(ctx.db, row.token);
  roles.forEach((role, i) => {
    for (const record of records.filter((r) => r.role === role.id)) {
      const why = ineligibility(testOf(record), role.profile, ctx.now);
      if (why) throw refuse('ageGenderMismatch', { why: `Role ${role.id}: ${why}` }, `/roles/${i}/profile/birth`);
    }
  });
  assertExternalIdsFree(
    ctx,
    roles.map((role, i) => ({ profile: role.profile, field: `/roles/${i}/profile` })),
  );
}

/** Creates each role's profile and links it to every record of that role; the roadmap is authenticated. */
function linkRoles(ctx: Ctx, row: RoadmapRow, mobile: string, roles: RoleInput[]) {
  assertExternalIdsFree(
    ctx,
    roles.map((role, i) => ({ profile: role.profile, field: `/roles/${i}/profile` })),
  );
  const claimed = sql(ctx.db, 'UPDATE roadmaps SET authenticated = 1 WHERE token = ? AND authenticated = 0').run(
    row.token,
  );
  if (claimed.changes !== 1) throw refuse('alreadyAuthenticated');
  const records = roadmapRecords(ctx.db, row.token);
  return roles.map((role) => {
    const profile = addProfile(ctx, mobile, role.profile);
    for (const record of records.filter((r) => r.role === role.id)) linkProfile(ctx.db, record.token, profile.token);
    return { role_id: role.id, profile: profileView(profile, ctx.now) };
  });
}

export const authenticateRoadmap: ApiHandler<'authenticateRoadmap'> = (ctx) => {
  const { mobile, roles } = ctx.body;
  for (const [i, role] of roles.entries()) assertAgeInBounds(role.profile.birth, ctx.now, `/roles/${i}/profile/birth`);
  return transaction(ctx.db, 'immediate', () => {
    const row = open(ctx);
    checkRoles(ctx, row, roles);
    if (!ctx.org.tests_auth_required) return { tests_auth_required: false, roles: linkRoles(ctx, row, mobile, roles) };
    const sent = sendCode(ctx.db, {
      organizer: ctx.org.id,
      kind: 'roadmap',
      target: row.token,
      mobile,
      payload: roles,
      now: ctx.now,
    });
    return { tests_auth_required: true, draft_token: sent.draftToken };
  });
};

export const verifyRoadmapAuth: ApiHandler<'verifyRoadmapAuth'> = (ctx) => {
  const { draft_token: draftToken, code } = ctx.body;
  const outcome = transaction(ctx.db, 'immediate', () => {
    const row = open(ctx);
    const pending = pendingByDraft(ctx.db, row.token, draftToken);
    if (!pending || pending.state === 'superseded') throw refuse('draftUnknown', undefined, '/draft_token');
    if (pending.draft_expires === null || ctx.now > pending.draft_expires)
      throw refuse('draftExpired', undefined, '/draft_token');
    const refusal = checkCode(ctx.db, pending, code, ctx.now);
    if (refusal) return refusal;
    const roles = JSON.parse(pending.payload) as RoleInput[];
    return { tests_auth_required: true as const, roles: linkRoles(ctx, row, pending.mobile, roles) };
  });
  if (outcome instanceof ApiError) throw outcome;
  return outcome;
};
