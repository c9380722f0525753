import type { Check } from '../check.js';
import { profileFor } from '../journey/profile.js';
import { getRecord, type RecordData } from '../journey/steps.js';
import { isSuccess } from '../types.js';

/** What names a record, the same on every read of it (a token names one thing). */
const IDENTITY = ['token', 'test_id', 'test_title', 'create', 'role', 'tests_auth_required'] as const;

export const recordAuth: Check = {
  id: 'record-auth',
  title: 'Standalone authentication moves Ready to Authenticated and links the profile',
  statement: 'States: Ready -> Authenticated by POST /record/{token}/auth/ (+ verify with SMS); Rule 2',
  kind: 'journey',
  basis: [],
  needs: { ready: 1 },
  requests: 6,
  async run(ctx) {
    const token = await ctx.take('ready');
    const record = await getRecord(ctx, token);
    if (!record) return;
    ctx.expect(record.token === token, `the record read names its own token ${token}, not ${record.token}`);
    ctx.expect(record.role === null, 'a standalone record has role null');
    ctx.expect(
      record.auth_required === true && (record.profile ?? null) === null,
      `ready: auth_required true while no profile is linked, got ${record.auth_required} with profile ${(record.profile ?? null) === null ? 'null' : 'linked'}`,
    );
    const params = { token };
    const profile = profileFor(ctx.doc, record.test ?? {}, ctx.now());
    const mobile = ctx.mobile();
    const first = await ctx.call('authenticateRecord', { params, body: { mobile, profile } });
    if (!ctx.expectStatus(first, 200, 'record authentication')) return;
    if (record.tests_auth_required) {
      // SMS mode: the first call sends the code; only the second completes authentication.
      const between = await getRecord(ctx, token);
      if (between) {
        same(ctx, record, between, 'after the first call');
        ctx.expect(
          between.auth_required === true,
          'tests_auth_required true: the first call alone does not authenticate (auth_required stays true until the code is verified)',
        );
      }
      const code = await ctx.smsCode({ mobile, token, purpose: 'record' });
      const last = await ctx.call('verifyRecordAuth', { params, body: { code } });
      ctx.expectStatus(last, 200, 'record verification with the SMS code');
      if (!isSuccess(last.response.status)) return;
    }
    const after = await getRecord(ctx, token);
    if (!after) return;
    same(ctx, record, after, 'after authentication');
    ctx.expect(after.status === 2, `rule 2: after authentication status stays 2, got ${after.status}`);
    ctx.expect(
      after.auth_required === false,
      `rule 2: after authentication auth_required is false, got ${after.auth_required}`,
    );
    ctx.expect(
      after.is_finished === false && after.submit_on === null,
      'not finished yet: is_finished false, submit_on null',
    );
    const p = after.profile;
    ctx.expect(
      // A profile key left out is no profile linked, as null is (the response rules judge the shape).
      p != null &&
        p.name === profile.name &&
        p.birth === profile.birth &&
        p.is_male === profile.is_male &&
        p.mobile === mobile,
      'the profile sent is linked to the record (name, birth, is_male, mobile)',
    );
  },
};

/** A token names the same record on every read: its identity does not change. */
function same(ctx: Parameters<Check['run']>[0], first: RecordData, later: RecordData, when: string) {
  const a = first as unknown as Record<string, unknown>;
  const b = later as unknown as Record<string, unknown>;
  const changed = IDENTITY.filter((field) => field in a && a[field] !== b[field]);
  ctx.expect(
    changed.length === 0,
    `the record's ${changed.map((f) => `${f} (${String(a[f])} -> ${String(b[f])})`).join(', ')} changed between two reads ${when}: a token names one record`,
  );
}
