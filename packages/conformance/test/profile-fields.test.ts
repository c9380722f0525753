import { describe, expect, it } from 'vitest';
import { birthdayOffsets } from '../src/checks/profile-fields.js';

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
