import { ageOn } from '../age.js';
import type { TestDefinition } from '../catalog/types.js';

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
