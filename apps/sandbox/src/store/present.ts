import { ageOn } from '../age.js';
import { findTest, questionsCount } from '../catalog/tests.js';
import type { TestDefinition } from '../catalog/types.js';
import type { components } from '../generated/api.js';
import type { Db } from './db.js';
import { getProfile, type ProfileRow, type RecordRow, type RoadmapRow, roadmapRecords } from './rows.js';

/** Rows as the description's schemas shape them (Record, Profile, Roadmap, TestSummary). */
export interface View {
  db: Db;
  testsAuthRequired: boolean;
  now: number;
}

type Schemas = components['schemas'];

const iso = (ms: number) => new Date(ms).toISOString();

export function testOf(row: { test_id: string }): TestDefinition {
  const test = findTest(row.test_id);
  if (!test) throw new Error(`record names an unknown test ${row.test_id}`);
  return test;
}

export function profileView(row: ProfileRow, now: number): Schemas['Profile'] {
  return {
    token: row.token,
    external_id: row.external_id,
    case_number: row.case_number,
    mobile: row.mobile,
    name: row.name,
    age: ageOn(row.birth, now),
    birth: row.birth,
    is_male: row.is_male === 1,
  };
}

export function recordView(view: View, row: RecordRow): Schemas['TestRecord'] {
  const profile = row.profile ? getProfile(view.db, row.profile) : undefined;
  return {
    token: row.token,
    test_id: row.test_id,
    test_title: testOf(row).title,
    status: row.status,
    auth_required: !profile,
    tests_auth_required: view.testsAuthRequired,
    is_finished: row.status === 1,
    role: row.role,
    profile: profile ? profileView(profile, view.now) : null,
    submit_on: row.submit_on === null ? null : iso(row.submit_on),
    create: iso(row.created),
  };
}

export function recordDetailView(view: View, row: RecordRow): Schemas['RecordDetail'] {
  // recordView's fields, then `test` last, as the Record schema orders them.
  return Object.assign(recordView(view, row), { test: testSummary(testOf(row)) });
}

const summaries = new WeakMap<TestDefinition, Schemas['TestSummary']>();

/** A test's summary never changes, so it is built once per test, not per answer. */
function testSummary(test: TestDefinition): Schemas['TestSummary'] {
  let summary = summaries.get(test);
  if (!summary) {
    summary = summaryOf(test);
    summaries.set(test, summary);
  }
  return summary;
}

function summaryOf(test: TestDefinition): Schemas['TestSummary'] {
  return Object.freeze({
    id: test.id,
    title: test.title,
    questions_count: questionsCount(test),
    doing_time_minutes: test.doing_time_minutes,
    min_age: test.min_age,
    max_age: test.max_age,
    gender_permission: test.gender_permission,
    categories: test.categories,
  });
}

export function roadmapView(view: View, row: RoadmapRow): Schemas['Roadmap'] {
  return {
    token: row.token,
    roles: JSON.parse(row.roles) as Schemas['Role'][],
    test_records: roadmapRecords(view.db, row.token).map((r) => recordView(view, r)),
    tests_auth_required: view.testsAuthRequired,
    auth_required: row.authenticated === 0,
  };
}

/**
 * A roadmap as roadmapView shapes it, encoded as JSON in steps of `per` records with `turn` between
 * (a roadmap may hold 200 records).
 */
export async function encodeRoadmap(
  view: View,
  row: RoadmapRow,
  turn: () => Promise<void>,
  per = 50,
): Promise<Buffer[]> {
  const records = roadmapRecords(view.db, row.token);
  const head = JSON.stringify({ token: row.token, roles: JSON.parse(row.roles) });
  const chunks: Buffer[] = [Buffer.from(`${head.slice(0, -1)},"test_records":[`)];
  for (let i = 0; i < records.length; i += per) {
    if (i > 0) await turn();
    const part = records
      .slice(i, i + per)
      .map((r) => JSON.stringify(recordView(view, r)))
      .join(',');
    chunks.push(Buffer.from(i > 0 ? `,${part}` : part));
  }
  const tail = JSON.stringify({ tests_auth_required: view.testsAuthRequired, auth_required: row.authenticated === 0 });
  chunks.push(Buffer.from(`],${tail.slice(1)}`));
  return chunks;
}
