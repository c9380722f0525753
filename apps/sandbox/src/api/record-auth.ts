import { refuse } from '../errors/index.js';
import { ApiError } from '../http/envelope.js';
import { assertAgeInBounds } from '../rules/age-bounds.js';
import { ineligibility } from '../rules/eligibility.js';
import { checkCode, latestPending, SMS, sendCode } from '../rules/sms.js';
import { transaction } from '../store/db.js';
import { recordView, testOf } from '../store/present.js';
import { linkProfile, type RecordRow } from '../store/rows.js';
import { type ApiHandler, type Ctx, requireRecord, type Schemas } from './context.js';
import { addProfile, assertExternalIdsFree } from './profiles.js';

type ProfileInput = Schemas['ProfileInput'];

/** The state rules of a standalone record before authentication, in the order the interface implies. */
function authenticatable(ctx: Ctx<{ token: string }>): RecordRow {
  const row = requireRecord(ctx);
  if (row.role !== null) throw refuse('roadmapRecord');
  if (row.status === 0) throw refuse('vipWait');
  if (row.status === 1) throw refuse('recordFinished');
  if (row.profile) throw refuse('alreadyAuthenticated');
  return row;
}

function link(ctx: Ctx, row: RecordRow, mobile: string, profile: ProfileInput) {
  assertExternalIdsFree(ctx, [{ profile, field: '/profile' }]);
  const created = addProfile(ctx, mobile, profile);
  if (!linkProfile(ctx.db, row.token, created.token)) throw refuse('alreadyAuthenticated');
  return recordView(ctx.view, { ...row, profile: created.token });
}

export const authenticateRecord: ApiHandler<'authenticateRecord'> = (ctx) => {
  const { mobile, profile } = ctx.body;
  assertAgeInBounds(profile.birth, ctx.now, '/profile/birth');
  return transaction(ctx.db, 'immediate', () => {
    const row = authenticatable(ctx);
    const why = ineligibility(testOf(row), profile, ctx.now);
    if (why) throw refuse('ageGenderMismatch', { why }, '/profile/birth');
    assertExternalIdsFree(ctx, [{ profile, field: '/profile' }]);
    if (!ctx.org.tests_auth_required) return { tests_auth_required: false, record: link(ctx, row, mobile, profile) };
    sendCode(ctx.db, {
      organizer: ctx.org.id,
      kind: 'record',
      target: row.token,
      mobile,
      payload: profile,
      now: ctx.now,
    });
    return { tests_auth_required: true, code_expires_in: SMS.codeTtlSeconds };
  });
};

export const verifyRecordAuth: ApiHandler<'verifyRecordAuth'> = (ctx) => {
  const { code } = ctx.body;
  const outcome = transaction(ctx.db, 'immediate', () => {
    const row = requireRecord(ctx);
    if (row.profile) throw refuse('alreadyAuthenticated');
    const pending = latestPending(ctx.db, row.token);
    if (!pending) throw refuse('noPendingAuth');
    const refusal = checkCode(ctx.db, pending, code, ctx.now);
    if (refusal) return refusal;
    return link(ctx, row, pending.mobile, JSON.parse(pending.payload) as ProfileInput);
  });
  if (outcome instanceof ApiError) throw outcome;
  return outcome;
};
