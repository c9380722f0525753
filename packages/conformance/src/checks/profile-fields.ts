import type { Check } from '../check.js';
import { profileFor } from '../journey/profile.js';
import { authenticateRecord, getRecord } from '../journey/steps.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whole years between a birth date and a moment (UTC). */
function ageOn(birth: string, now: number): number {
  const [y, m, d] = birth.split('-').map(Number) as [number, number, number];
  const today = new Date(now);
  const before = today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d);
  return today.getUTCFullYear() - y - (before ? 1 : 0);
}

export const profileFields: Check = {
  id: 'profile-fields',
  title: "After authentication the record's profile carries the stated fields, with what was sent",
  statement:
    'Profile (as returned after authentication): token, external_id, case_number, mobile, name, age, birth, is_male',
  kind: 'journey',
  basis: [],
  needs: { ready: 1 },
  requests: 5,
  async run(ctx) {
    const record = await getRecord(ctx, await ctx.take('ready'));
    if (!record) return;
    const externalId = ctx.externalId();
    const profile = { ...profileFor(ctx.doc, record.test ?? {}, ctx.now()), external_id: externalId };
    const auth = await authenticateRecord(ctx, record, profile);
    if (!auth.ok) return;
    const after = await getRecord(ctx, record.token);
    const p = after?.profile as Record<string, unknown> | null | undefined;
    if (!ctx.expect(Boolean(p), 'an authenticated record has a profile', undefined, false) || !p) return;
    const want: [string, boolean][] = [
      ['token is a UUID', typeof p.token === 'string' && UUID.test(p.token)],
      [`external_id is the one sent (${externalId})`, p.external_id === externalId],
      ['case_number is a string', typeof p.case_number === 'string'],
      [`mobile is the one sent (${auth.mobile})`, p.mobile === auth.mobile],
      [`name is the one sent`, p.name === profile.name],
      [`birth is the one sent (${profile.birth})`, p.birth === profile.birth],
      [`is_male is the one sent (${profile.is_male})`, p.is_male === profile.is_male],
      [
        `age is derived from the birth date (${ageOn(profile.birth, ctx.now())}), got ${String(p.age)}`,
        // The target's clock may sit a day apart from ours.
        typeof p.age === 'number' && Math.abs(p.age - ageOn(profile.birth, ctx.now())) <= 1,
      ],
    ];
    for (const [what, ok] of want) ctx.expect(ok, `profile: ${what}`, undefined, false);
  },
};
