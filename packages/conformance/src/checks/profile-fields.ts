import type { Check } from '../check.js';
import { drop, retype, revalue, stated } from '../claims/make.js';
import { profileFor } from '../journey/profile.js';
import { authenticateRecord, getRecord } from '../journey/steps.js';
import { Q, S } from '../quotes.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The time zones a service's "today" may be in: UTC-12 to UTC+14, in ms. */
const ZONES = [-12 * 3_600_000, 14 * 3_600_000] as const;

/**
 * The ages a birth date gives between two moments in any time zone from UTC-12 to UTC+14: which
 * calendar day "today" is, when age is derived, is the service's own (the interface does not say).
 */
export function agesBetween(birth: string, from: number, to: number): [min: number, max: number] {
  return [ageOn(birth, from + ZONES[0]), ageOn(birth, to + ZONES[1])];
}

/** Whole years between a birth date and a moment (UTC). */
function ageOn(birth: string, now: number): number {
  const [y, m, d] = birth.split('-').map(Number) as [number, number, number];
  const today = new Date(now);
  const before = today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d);
  return today.getUTCFullYear() - y - (before ? 1 : 0);
}

/** A birth date `years` before `now`, moved `days` (negative: the birthday this year has passed; positive: to come). */
export function birthAround(now: number, years: number, days: number): string {
  const birth = new Date(now);
  birth.setUTCFullYear(birth.getUTCFullYear() - years);
  birth.setUTCDate(birth.getUTCDate() + days);
  return birth.toISOString().slice(0, 10);
}

/**
 * Both sides of a birthday within this calendar year, up to two months from today: an age taken as
 * the difference of years is one too many on the side still to come. Days from today, or undefined
 * when the year leaves no room (the first or last day of the year).
 */
export function birthdayOffsets(now: number): [side: string, days: number | undefined][] {
  const today = new Date(now);
  const year = today.getUTCFullYear();
  const day = Math.floor((now - Date.UTC(year, 0, 1)) / 86_400_000);
  const left = Math.floor((Date.UTC(year + 1, 0, 1) - now) / 86_400_000);
  const room = (n: number) => (n >= 2 ? Math.min(60, Math.floor(n / 2)) : undefined);
  const passed = room(day);
  const toCome = room(left);
  return [
    ['whose birthday this year has passed', passed === undefined ? undefined : -passed],
    ['whose birthday this year is still to come', toCome],
  ];
}

export const profileFields: Check = {
  id: 'profile-fields',
  title: "After authentication the record's profile carries the stated fields, with what was sent",
  statement:
    'Profile (as returned after authentication): token, external_id, case_number, mobile, name, age, birth, is_male',
  kind: 'journey',
  basis: [],
  needs: { ready: 2 },
  requests: 10,
  claims: [
    stated('profile.token', S.profile, Q.pToken, '`token` a string (UUID)', [
      retype('getRecord', '/data/profile/token', { whenNot: ['/data/profile', null] }),
      revalue('getRecord', '/data/profile/token', { value: 'profile-1', whenNot: ['/data/profile', null] }),
    ]),
    stated('profile.external_id', S.profile, Q.pExternal, '`external_id` the integer sent', [
      retype('getRecord', '/data/profile/external_id', { whenNot: ['/data/profile', null] }),
      revalue('getRecord', '/data/profile/external_id', { whenNot: ['/data/profile', null] }),
    ]),
    stated('profile.case_number', S.profile, Q.profileFields, '`case_number` a string', [
      retype('getRecord', '/data/profile/case_number', { whenNot: ['/data/profile', null] }),
      drop('getRecord', '/data/profile/case_number', { whenNot: ['/data/profile', null] }),
    ]),
    stated('profile.mobile', S.profile, Q.pMobile, '`mobile` the one sent', [
      retype('getRecord', '/data/profile/mobile', { whenNot: ['/data/profile', null] }),
      revalue('getRecord', '/data/profile/mobile', { whenNot: ['/data/profile', null] }),
    ]),
    stated('profile.name', S.profile, Q.pName, '`name` the one sent', [
      retype('getRecord', '/data/profile/name', { whenNot: ['/data/profile', null] }),
      revalue('getRecord', '/data/profile/name', { whenNot: ['/data/profile', null] }),
    ]),
    stated('profile.age', S.profile, Q.pAge, '`age` an integer derived from the birth date', [
      retype('getRecord', '/data/profile/age', { whenNot: ['/data/profile', null], via: ['profile-fields'] }),
      revalue('getRecord', '/data/profile/age', { whenNot: ['/data/profile', null] }),
    ]),
    stated('profile.birth', S.profile, Q.pBirth, '`birth` the ISO 8601 date sent', [
      retype('getRecord', '/data/profile/birth', { whenNot: ['/data/profile', null] }),
      revalue('getRecord', '/data/profile/birth', { value: '1990-02-03', whenNot: ['/data/profile', null] }),
    ]),
    stated('profile.is_male', S.profile, Q.pMale, '`is_male` the boolean sent', [
      retype('getRecord', '/data/profile/is_male', { whenNot: ['/data/profile', null] }),
      revalue('getRecord', '/data/profile/is_male', { whenNot: ['/data/profile', null] }),
    ]),
    stated(
      'roadmap-auth.answer.roles.profile.external_id',
      S.postRoadmapTokenAuth,
      Q.answerRoles,
      "each item's profile has `external_id`",
      [],
      {
        noBreach:
          'the suite sends no external_id in roadmap-auth, and a profile without one may leave it out; profile-fields judges the one sent on the record',
      },
    ),
  ],
  judges: ['state.ready.profile-linked'],
  async run(ctx) {
    for (const [side, days] of birthdayOffsets(ctx.now())) {
      if (days === undefined) continue;
      const record = await getRecord(ctx, await ctx.take('ready'));
      if (!record) return;
      const externalId = ctx.externalId();
      const base = profileFor(ctx, record.test ?? {});
      // The same age on both sides: a birthday to come belongs to one more year back.
      const years = ageOn(base.birth, ctx.now()) + (days > 0 ? 1 : 0);
      const profile = { ...base, birth: birthAround(ctx.now(), years, days), external_id: externalId };
      const from = ctx.now();
      const auth = await authenticateRecord(ctx, record, profile);
      if (!auth.ok) return;
      const after = await getRecord(ctx, record.token);
      const [min, max] = agesBetween(profile.birth, from, ctx.now());
      const p = after?.profile as Record<string, unknown> | null | undefined;
      if (!ctx.expect(Boolean(p), 'an authenticated record has a profile', undefined, false) || !p) return;
      // Days from the birthday (up to two months): the service's time zone rarely changes the age, and
      // where it could (the year's first and last days), each zone's reading is accepted.
      const want = min === max ? `${min}` : `${min} or ${max} (by the service's time zone)`;
      const fields: [string, boolean][] = [
        ['token is a UUID', typeof p.token === 'string' && UUID.test(p.token)],
        [`external_id is the one sent (${externalId})`, p.external_id === externalId],
        ['case_number is a string', typeof p.case_number === 'string'],
        [`mobile is the one sent (${auth.mobile})`, p.mobile === auth.mobile],
        [`name is the one sent`, p.name === profile.name],
        [`birth is the one sent (${profile.birth})`, p.birth === profile.birth],
        [`is_male is the one sent (${profile.is_male})`, p.is_male === profile.is_male],
        [
          `age is derived from the birth date ${profile.birth} ${side}: want ${want}, got ${String(p.age)}`,
          typeof p.age === 'number' && p.age >= min && p.age <= max,
        ],
      ];
      for (const [what, ok] of fields) ctx.expect(ok, `profile: ${what}`, undefined, false);
    }
  },
};
