import type { OpenApiDocument } from '@tas/openapi';
import { resolveRef } from '@tas/openapi';

export interface TestRules {
  min_age?: number | null;
  max_age?: number | null;
  gender_permission?: string;
}

export interface ProfileInput {
  name: string;
  birth: string;
  is_male: boolean;
  /** Optional; unique per organizer account. */
  external_id?: number;
}

/**
 * A profile the test accepts: the description's RecordAuthRequest example, with an age in the
 * test's range and a gender it permits. No external_id: it is unique per organizer, runs repeat.
 */
export function profileFor(doc: OpenApiDocument, test: TestRules, now: number): ProfileInput {
  const example = resolveRef<{ value: { profile: ProfileInput } }>(doc, {
    $ref: '#/components/examples/RecordAuthRequest',
  }).value.profile;
  const min = test.min_age ?? 18;
  const max = test.max_age ?? min + 40;
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
