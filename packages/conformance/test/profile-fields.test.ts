import { describe, expect, it } from 'vitest';
import { agesBetween, birthdayOffsets } from '../src/checks/profile-fields.js';
import { run } from '../src/run.js';
import { MAIN_KEY, OTHER_KEY } from './faults/faults.js';
import { withStack } from './variants/stack.js';
import { ageInZone } from './variants/zones.js';

// A year-difference age is wrong only when the birthday's day of the year is still to come.
describe('birthdayOffsets', () => {
  it.each([
    ['late November', '2026-11-24T12:00:00Z', [-60, 18]],
    ['early in the year', '2026-01-05T12:00:00Z', [-2, 60]],
    ['the first day of the year: no birthday has passed yet', '2026-01-01T12:00:00Z', [undefined, 60]],
    ['the last day of the year: none is to come', '2026-12-31T12:00:00Z', [-60, undefined]],
  ])('%s', (_name, now, want) => {
    expect(birthdayOffsets(Date.parse(now)).map(([, days]) => days)).toEqual(want);
  });
});

// "Age derived from the birth date": on the calendar day of the service's time zone, UTC-12 to UTC+14.
describe('agesBetween', () => {
  it.each([
    ['two months from the birthday: one age everywhere', '1990-01-24', '2026-11-24T12:00:00Z', [36, 36]],
    [
      'the birthday tomorrow in UTC, today in Kiritimati (UTC+14) after 10:00',
      '1990-12-30',
      '2026-12-29T21:00:00Z',
      [35, 36],
    ],
    ['the birthday tomorrow in UTC, before 10:00: one age everywhere', '1990-12-30', '2026-12-29T09:00:00Z', [35, 35]],
    ['the birthday yesterday in UTC: already passed at UTC-12 too', '1990-01-02', '2026-01-03T11:00:00Z', [36, 36]],
    ['the birthday today in UTC: not yet at UTC-12 early in the day', '1990-06-15', '2026-06-15T03:00:00Z', [35, 36]],
  ])('%s', (_name, birth, at, want) => {
    expect(agesBetween(birth, Date.parse(at), Date.parse(at))).toEqual(want);
  });

  it('a plain year difference and one year too many lie outside, two months from the birthday', () => {
    const [min, max] = agesBetween(
      '1990-02-01',
      Date.parse('2026-11-24T12:00:00Z'),
      Date.parse('2026-11-24T12:01:00Z'),
    );
    expect([min, max]).toEqual([36, 36]);
    const [, upcoming] = agesBetween(
      '1990-12-12',
      Date.parse('2026-11-24T12:00:00Z'),
      Date.parse('2026-11-24T12:01:00Z'),
    );
    expect(upcoming).toBe(35); // the year difference, 36, is refused
  });
});

/** The next Dec 29, 21:00 UTC: the birthday still to come is on Dec 30, already today in Tehran and Kiritimati. */
function yearEnd(): number {
  const now = new Date();
  const at = Date.UTC(now.getUTCFullYear(), 11, 29, 21);
  return at > Date.now() ? at : Date.UTC(now.getUTCFullYear() + 1, 11, 29, 21);
}

describe("profile-fields on the day a service's time zone changes the age", () => {
  it.each(['Pacific/Kiritimati', 'Asia/Tehran', 'UTC'])('a deployment deriving ages in %s conforms', async (zone) => {
    // The sandbox and the suite both at the year's end; the variant reads the same shifted clock.
    const shift = yearEnd() - Date.now();
    const now = () => Date.now() + shift;
    const result = await withStack(
      [ageInZone(zone, now)],
      (baseUrl) =>
        run({
          baseUrl,
          apiKey: MAIN_KEY,
          otherApiKey: OTHER_KEY,
          provision: 'sandbox',
          rate: false,
          clock: { now, sleep: async () => {} },
          only: ['profile-fields'],
        }),
      now,
    );
    const check = result.results.find((r) => r.id === 'profile-fields');
    expect(check?.findings.filter((f) => !f.assumed).map((f) => f.message)).toEqual([]);
    expect(check?.outcome).not.toBe('skip');
    expect(result.conforms).toBe(true);
  });
});
