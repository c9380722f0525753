import type { OpenApiDocument } from '@tas/openapi';
import { resolveRef } from '@tas/openapi';

import { TEST_FIELDS } from '../assumed-requests.js';
import type { Schemas, Unchecked } from '../described.js';
import type { AssumedPart } from '../types.js';

/** A test's rules as a deployment answered them (the description's TestSummary), not validated. */
export type TestRules = NonNullable<
  Unchecked<Pick<Schemas['TestSummary'], 'min_age' | 'max_age' | 'gender_permission'>>
>;

/** A profile the suite sends (external_id optional; unique per organizer account). */
export type ProfileInput = Schemas['ProfileInput'];

/** An age bound the test answered, when it is a number. */
const bound = (v: unknown) => (typeof v === 'number' ? v : undefined);

/**
 * A profile the test accepts: the description's RecordAuthRequest example, with an age in the
 * test's range and a gender it permits. No external_id: it is unique per organizer, runs repeat.
 */
export function profileFor(doc: OpenApiDocument, test: TestRules, now: number): ProfileInput {
  const example = resolveRef<{ value: { profile: ProfileInput } }>(doc, {
    $ref: '#/components/examples/RecordAuthRequest',
  }).value.profile;
  const min = bound(test.min_age) ?? 18;
  const max = bound(test.max_age) ?? min + 40;
  const age = Math.floor((min + max) / 2);
  const birth = new Date(now);
  birth.setUTCFullYear(birth.getUTCFullYear() - age);
  birth.setUTCMonth(birth.getUTCMonth() - 3);
  return {
    name: example.name,
    birth: birth.toISOString().slice(0, 10),
    is_male: test.gender_permission !== 'female',
  };
}

const GENDERS = new Set(['all', 'male', 'female']);
const age = (v: unknown) => v === undefined || v === null || typeof v === 'number';

/**
 * The assumed part of a profile chosen from these tests: none where every test's fields are in the
 * description's encoding (ages numbers or null, gender_permission all, male or female); else the
 * suite read them in an encoding the deployment does not use, and a refusal may be its own doing.
 */
export function assumedOf(tests: TestRules[]): AssumedPart[] {
  const own = tests.every(
    (t) =>
      age(t.min_age) &&
      age(t.max_age) &&
      (t.gender_permission === undefined || t.gender_permission === null || GENDERS.has(t.gender_permission as string)),
  );
  return own ? [] : [TEST_FIELDS];
}
