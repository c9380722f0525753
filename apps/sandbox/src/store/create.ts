import { randomUUID } from 'node:crypto';
import { sampleAnswers, score } from '../catalog/answers.js';
import type { TestDefinition } from '../catalog/types.js';
import type { components } from '../generated/control.js';
import type { Db } from './db.js';
import { insertProfile, insertRecord, insertRoadmap, type RecordRow, STATUS } from './rows.js';

/** The states the control API creates a record in (its CreateRecordRequest's `state`). */
export type RecordState = NonNullable<components['schemas']['CreateRecordRequest']['state']>;
export interface RoleSpec {
  id: number;
  title: string;
  tests: TestDefinition[];
}

/** A participant who fits the test: its minimum age (or 30), born on 1 January. */
function sampleProfile(db: Db, organizer: string, test: TestDefinition, now: number) {
  const age = test.min_age ?? 30;
  return insertProfile(db, {
    token: randomUUID(),
    organizer,
    external_id: null,
    mobile: '09120000000',
    name: 'علی رضایی',
    birth: `${new Date(now).getUTCFullYear() - age}-01-01`,
    is_male: test.gender_permission === 'female' ? 0 : 1,
  });
}

/** A standalone record in any state; authenticated and finished ones get a sample profile (and answers). */
export function createRecord(
  db: Db,
  organizer: string,
  test: TestDefinition,
  state: RecordState,
  now: number,
  token: string = randomUUID(),
): RecordRow {
  const row: RecordRow & { answers: string | null } = {
    seq: 0,
    token,
    organizer,
    test_id: test.id,
    status: state === 'vip_wait' ? STATUS.vipWait : state === 'finished' ? STATUS.finished : STATUS.ready,
    roadmap: null,
    role: null,
    profile: null,
    submit_on: null,
    created: now,
    answers: null,
    scores: null,
  };
  if (state === 'authenticated' || state === 'finished') row.profile = sampleProfile(db, organizer, test, now).token;
  if (state === 'finished') {
    const answers = sampleAnswers(test);
    Object.assign(row, {
      submit_on: now,
      answers: JSON.stringify(answers),
      scores: JSON.stringify(score(test, answers)),
    });
  }
  insertRecord(db, row);
  return row;
}

/** A ready roadmap: one ready record per test of each role. */
export function createRoadmap(
  db: Db,
  organizer: string,
  roles: RoleSpec[],
  now: number,
  token: string = randomUUID(),
  recordToken: (role: number, i: number) => string = () => randomUUID(),
): string {
  insertRoadmap(db, {
    token,
    organizer,
    roles: JSON.stringify(roles.map(({ id, title }) => ({ id, title }))),
    authenticated: 0,
    created: now,
  });
  for (const role of roles) {
    role.tests.forEach((test, i) => {
      insertRecord(db, {
        token: recordToken(role.id, i),
        organizer,
        test_id: test.id,
        status: STATUS.ready,
        roadmap: token,
        role: role.id,
        profile: null,
        created: now,
      });
    });
  }
  return token;
}
