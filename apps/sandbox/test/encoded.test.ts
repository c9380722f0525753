// The roadmap list is sent as UTF-8 pieces built in steps (store/present.ts encodeRoadmap); joined,
// the pieces must say exactly what roadmapView shapes, whatever the step size cuts.
import { describe, expect, it } from 'vitest';
import { findTest } from '../src/catalog/tests.js';
import { createRoadmap, type RoleSpec } from '../src/store/create.js';
import { openDb } from '../src/store/db.js';
import { encodeRoadmap, roadmapView } from '../src/store/present.js';
import { getRoadmap } from '../src/store/rows.js';
import { ensureSeed } from '../src/store/seed.js';
import { largestRoles } from './fill.js';

const one = (tests: number): RoleSpec[] => [
  {
    id: 1,
    title: 'کودک',
    tests: Array.from({ length: tests }, () => findTest('career-interest') as RoleSpec['tests'][number]),
  },
];

describe('encodeRoadmap', () => {
  it.each([
    ['one record', one(1), 50],
    ['a step exactly full', one(10), 10],
    ['a step and a part', one(10), 3],
    ['the largest roadmap (200 records, 20 roles)', largestRoles(), 50],
  ])('%s: the pieces joined are roadmapView as JSON', async (_name, roles, per) => {
    const db = openDb();
    const now = Date.parse('2026-11-26T00:00:00Z');
    ensureSeed(db, now);
    const token = createRoadmap(db, 'instant', roles, now);
    const row = getRoadmap(db, 'instant', token);
    if (!row) throw new Error('the roadmap was not made');
    const view = { db, testsAuthRequired: true, now };
    let turns = 0;
    const chunks = await encodeRoadmap(view, row, async () => void turns++, per);
    const records = roles.reduce((n, r) => n + r.tests.length, 0);
    expect(turns).toBe(Math.ceil(records / per) - 1);
    expect(JSON.parse(Buffer.concat(chunks).toString('utf8'))).toEqual(roadmapView(view, row));
  });
});
