import type { OpenApiDocument } from '@tas/openapi';
import { resolveRef } from '@tas/openapi';

import { TEST_FIELDS } from '../assumed-requests.js';
import type { Schemas, Unchecked } from '../described.js';
import type { DeploymentProfile } from '../profile/types.js';
import type { AssumedPart } from '../types.js';

/** A test's rules as a deployment answered them (the description's TestSummary), not validated. */
export type TestRules = NonNullable<
  Unchecked<Pick<Schemas['TestSummary'], 'min_age' | 'max_age' | 'gender_permission'>>
>;

/** A profile the suite sends (external_id optional; unique per organizer account). */
export type ProfileInput = Schemas['ProfileInput'];

/** Who a test admits, read as the profile's `test_fields` encodes it. */
export type Gender = 'all' | 'men' | 'women';

/** A test's limits as the suite reads them: ages in years (undefined: none), the gender it admits. */
export interface Limits {
  min?: number;
  max?: number;
  gender: Gender;
  /** Every field read in the profile's encoding (absent and null are no limit). */
  known: boolean;
}

type Fields = DeploymentProfile['test_fields'];

/** The test's `min_age`, `max_age` and `gender_permission`, read as `fields` encodes them ("types and formats … not shown"). */
export function limitsOf(test: TestRules, fields: Fields): Limits {
  let known = true;
  // Read tolerantly: a whole number or its digits either way; only the profile's encoding is known.
  const age = (v: unknown) => {
    if (v === undefined || v === null) return undefined;
    const stated = fields.ages === 'integer' ? Number.isInteger(v) : typeof v === 'string' && /^\d+$/.test(v);
    if (!stated) known = false;
    const n = typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v;
    return Number.isInteger(n) ? (n as number) : undefined;
  };
  const g = test.gender_permission as unknown;
  const profiled = (Object.keys(fields.gender_permission) as Gender[]).find((k) => fields.gender_permission[k] === g);
  const gender = profiled ?? (g === undefined || g === null ? undefined : commonGender(g));
  if (g !== undefined && g !== null && !profiled) known = false;
  return { min: age(test.min_age), max: age(test.max_age), gender: gender ?? 'all', known };
}

/** A gender_permission in a common spelling ('M', 'female', 'women', 'any'); numbers are no common spelling. */
function commonGender(value: unknown): Gender | undefined {
  const word = typeof value === 'string' ? value.trim().toLowerCase() : '';
  if (/^(m|male|males|man|men|boy|boys)$/.test(word)) return 'men';
  if (/^(f|female|females|woman|women|girl|girls)$/.test(word)) return 'women';
  if (/^(all|any|both|everyone)?$/.test(word) && typeof value === 'string') return 'all';
  return undefined;
}

/**
 * A profile the test accepts: the description's RecordAuthRequest example, with an age in the
 * test's range and a gender it permits. No external_id: it is unique per organizer, runs repeat.
 */
export function profileFor(
  ctx: { doc: OpenApiDocument; now(): number; profile: DeploymentProfile },
  test: TestRules | Limits,
): ProfileInput {
  const example = resolveRef<{ value: { profile: ProfileInput } }>(ctx.doc, {
    $ref: '#/components/examples/RecordAuthRequest',
  }).value.profile;
  const limits = 'known' in test ? test : limitsOf(test, ctx.profile.test_fields);
  const min = limits.min ?? 18;
  const max = limits.max ?? min + 40;
  const age = Math.floor((min + max) / 2);
  const birth = new Date(ctx.now());
  birth.setUTCFullYear(birth.getUTCFullYear() - age);
  birth.setUTCMonth(birth.getUTCMonth() - 3);
  return {
    name: example.name,
    birth: birth.toISOString().slice(0, 10),
    is_male: limits.gender !== 'women',
  };
}

/** The narrowest limits that admit a profile every one of these tests accepts. */
export function narrowest(all: Limits[]): Limits {
  const mins = all.flatMap((l) => (l.min === undefined ? [] : [l.min]));
  const maxes = all.flatMap((l) => (l.max === undefined ? [] : [l.max]));
  return {
    min: mins.length ? Math.max(...mins) : undefined,
    max: maxes.length ? Math.min(...maxes) : undefined,
    gender: all.find((l) => l.gender !== 'all')?.gender ?? 'all',
    known: all.every((l) => l.known),
  };
}

/**
 * The assumed part of a profile chosen from these tests: none where every test's fields read in the
 * profile's encoding; else the suite read them in an encoding the deployment does not use, and a
 * refusal may be its own doing.
 */
export function assumedOf(tests: TestRules[], fields: Fields): AssumedPart[] {
  return tests.every((t) => limitsOf(t, fields).known) ? [] : [TEST_FIELDS];
}
