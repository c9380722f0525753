import { resolveRef } from '@tas/openapi';
import { ageOn } from '../age.js';
import { description } from '../catalog/examples.js';
import { refuse } from '../errors/index.js';

interface Bounds {
  minimum?: number;
  maximum?: number;
}

/** The bounds of Profile.age in the description: a profile whose age falls outside them cannot be shown. */
export const AGE_BOUNDS = (() => {
  const profile = resolveRef<{ properties: { age: unknown } }>(description, { $ref: '#/components/schemas/Profile' });
  const age = resolveRef<Bounds>(description, profile.properties.age);
  return { min: age.minimum ?? Number.NEGATIVE_INFINITY, max: age.maximum ?? Number.POSITIVE_INFINITY };
})();

/**
 * Refuses (400 `invalid_profile` at `field`) a birth date that gives, today, an age outside the
 * description's bounds (`0210-11-30` would show age 1815 where Profile.age allows at most 150).
 */
export function assertAgeInBounds(birth: string, now: number, field: string): void {
  const age = ageOn(birth, now);
  if (age >= AGE_BOUNDS.min && age <= AGE_BOUNDS.max) return;
  throw refuse(
    'invalidProfile',
    { why: `birth ${birth} gives age ${age}; a profile's age is ${AGE_BOUNDS.min} to ${AGE_BOUNDS.max} years.` },
    field,
  );
}

/**
 * Refuses (409 `age_out_of_bounds` at `/seconds`) a clock move of `seconds` after which the oldest
 * profile, born `oldest`, would be older than the description allows: ages grow with the clock.
 */
export function assertClockKeepsAges(oldest: string | null, now: number, seconds: number): void {
  if (!oldest) return;
  const age = ageOn(oldest, now + seconds * 1000);
  if (age <= AGE_BOUNDS.max) return;
  throw refuse('ageOutOfBounds', { seconds, oldest, age, max: AGE_BOUNDS.max }, '/seconds');
}
