import type { Check } from '../check.js';
import { authenticateRecord, getRecord } from '../journey/steps.js';

export const recordAuth: Check = {
  id: 'record-auth',
  title: 'Standalone authentication moves Ready to Authenticated and links the profile',
  statement: 'States: Ready -> Authenticated by POST /record/{token}/auth/ (+ verify with SMS); Rule 2',
  kind: 'journey',
  basis: [],
  needs: { ready: 1 },
  requests: 5,
  async run(ctx) {
    const record = await getRecord(ctx, await ctx.take('ready'));
    if (!record) return;
    ctx.expect(record.role === null, 'a standalone record has role null');
    const auth = await authenticateRecord(ctx, record);
    if (!auth.ok) return;
    const after = await getRecord(ctx, record.token);
    if (!after) return;
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
      p !== null &&
        p.name === auth.profile.name &&
        p.birth === auth.profile.birth &&
        p.is_male === auth.profile.is_male &&
        p.mobile === auth.mobile,
      'the profile sent is linked to the record (name, birth, is_male, mobile)',
    );
  },
};
