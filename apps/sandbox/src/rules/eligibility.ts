import type { TestDefinition } from '../catalog/types.js';

/** Whole years between a birth date (YYYY-MM-DD) and a moment, in UTC. */
export function ageOn(birth: string, now: number): number {
  // YYYY-MM-DD, as the description's pattern requires; sliced, as this runs for every profile shown.
  const y = Number(birth.slice(0, 4));
  const m = Number(birth.slice(5, 7));
  const d = Number(birth.slice(8, 10));
  const today = new Date(now);
  const beforeBirthday =
    today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d) ? 1 : 0;
  return today.getUTCFullYear() - y - beforeBirthday;
}

/** Why a participant may not take a test (age or gender outside its limits), or undefined. */
export function ineligibility(
  test: TestDefinition,
  profile: { birth: string; is_male: boolean },
  now: number,
): string | undefined {
  const age = ageOn(profile.birth, now);
  if (age < 0) return `birth ${profile.birth} is in the future.`;
  if (test.min_age !== null && age < test.min_age)
    return `age ${age} is below the minimum age of ${test.min_age} for ${test.id}.`;
  if (test.max_age !== null && age > test.max_age)
    return `age ${age} is above the maximum age of ${test.max_age} for ${test.id}.`;
  if (test.gender_permission === 'female' && profile.is_male) return `${test.id} is for female participants only.`;
  if (test.gender_permission === 'male' && !profile.is_male) return `${test.id} is for male participants only.`;
  return undefined;
}
