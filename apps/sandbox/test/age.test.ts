// ageOn: whole years, in UTC, turning on the birthday itself.
import { describe, expect, it } from 'vitest';
import { ageOn } from '../src/age.js';

describe('ageOn', () => {
  it.each([
    ['1990-04-21', '2026-04-20T23:59:59Z', 35],
    ['1990-04-21', '2026-04-21T00:00:00Z', 36],
    ['1990-12-31', '2026-01-01T00:00:00Z', 35],
    ['2000-02-29', '2026-02-28T12:00:00Z', 25],
    ['2000-02-29', '2026-03-01T00:00:00Z', 26],
    ['2026-04-21', '2026-04-21T00:00:00Z', 0],
    ['2027-01-01', '2026-04-21T00:00:00Z', -1],
  ])('born %s, on %s: %i', (birth, at, age) => {
    expect(ageOn(birth, Date.parse(at))).toBe(age);
  });
});
