import { type CheckContext, HarnessShortfall } from '../check.js';
import type { Schemas } from '../described.js';
import { type AssumedPart, isSuccess } from '../types.js';
import { completeAuthentication } from './authentication.js';
import { assumedOf, limitsOf, narrowest, profileFor, type TestRules } from './profile.js';
import { dataOf, getRecord, type RecordData } from './steps.js';

/** An entry of the roadmap's `test_records`: its token, and what the entry itself shows of the record. */
export type RoadmapEntry = Partial<RecordData> & { token: string };

export interface RoadmapData {
  /** The token it was read by (the payload need not carry it: "Other roadmap fields …: not shown"). */
  token: string;
  roles: { id: number }[];
  test_records: RoadmapEntry[];
  tests_auth_required: boolean;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const keysOf = (v: unknown) =>
  isObject(v) ? `{${Object.keys(v).join(', ')}}` : Array.isArray(v) ? 'an array' : JSON.stringify(v);

/** A role entry's integer ID: `{id}`, `{role_id}`, or the bare integer ("the shape of `roles` … entries: not shown"). */
export function roleIdOf(entry: unknown): number | undefined {
  if (Number.isInteger(entry)) return entry as number;
  if (!isObject(entry)) return undefined;
  const id = entry.id ?? entry.role_id;
  return Number.isInteger(id) ? (id as number) : undefined;
}

/**
 * A `test_records` entry's record token: the entry itself (a bare token), its `token`, or the one
 * UUID among `record`, `record_token`, `uuid`, `id` (or a nested record's token).
 */
export function entryTokenOf(entry: unknown): string | undefined {
  if (typeof entry === 'string') return UUID.test(entry) ? entry : undefined;
  if (!isObject(entry)) return undefined;
  if (typeof entry.token === 'string') return entry.token;
  for (const key of ['record_token', 'record', 'uuid', 'id', 'record_id']) {
    const value = entry[key];
    if (typeof value === 'string' && UUID.test(value)) return value;
    if (isObject(value) && typeof value.token === 'string') return value.token;
  }
  return undefined;
}

/** The roadmap's payload read in the shapes its entries take; undefined with what was seen when it cannot be read. */
export function readRoadmap(token: string, data: unknown): RoadmapData | string {
  if (!isObject(data)) return `data is ${keysOf(data)}`;
  const { roles, test_records: records } = data;
  if (!Array.isArray(roles)) return `roles is ${keysOf(roles)}`;
  if (!Array.isArray(records)) return `test_records is ${keysOf(records)}`;
  const ids = roles.map(roleIdOf);
  const badRole = roles.find((_, i) => ids[i] === undefined);
  if (badRole !== undefined) return `a roles entry ${keysOf(badRole)} names no integer id`;
  const entries: RoadmapEntry[] = [];
  for (const entry of records) {
    const t = entryTokenOf(entry);
    if (!t) return `a test_records entry ${keysOf(entry)} names no record token`;
    entries.push(isObject(entry) && entry.token === t ? ({ ...entry } as RoadmapEntry) : { token: t });
  }
  return {
    token,
    roles: (ids as number[]).map((id) => ({ id })),
    test_records: entries,
    tests_auth_required: data.tests_auth_required as boolean,
  };
}

/** GET /roadmap/{token}/, expecting 200; a payload whose entries the suite cannot read ends the check: could not judge. */
export async function getRoadmap(ctx: CheckContext, token: string): Promise<RoadmapData | undefined> {
  const exchange = await ctx.call('getRoadmap', { params: { token } });
  if (!ctx.expectStatus(exchange, 200, 'the roadmap')) return undefined;
  const read = readRoadmap(token, dataOf(exchange));
  if (typeof read === 'string') return ctx.cannotJudge(`the roadmap ${token} as read: ${read}`);
  // An entry that does not show its record's role (a bare token, other keys): the record's detail does.
  for (const entry of read.test_records)
    if (!('role' in entry)) Object.assign(entry, await getRecord(ctx, entry.token), { token: entry.token });
  return read;
}

/** Each record of the roadmap as its detail shows it (role, test, state): the stated Record fields. */
export async function roadmapRecords(ctx: CheckContext, roadmap: RoadmapData): Promise<RecordData[]> {
  const out: RecordData[] = [];
  for (const entry of roadmap.test_records) {
    // An entry filled from the detail already (it has the nested test) is not read again.
    const detail = entry.test ? (entry as RecordData) : await getRecord(ctx, entry.token);
    if (detail) out.push({ ...detail, token: entry.token });
  }
  return out;
}

/** Roadmaps looked at for one that fits a check, at most (each costs its detail and its records'). */
const LOOKS = 4;
/** Records a roadmap is counted with when `plan` counts the looks (the sandbox's have 2 or 3). */
const RECORDS_A_LOOK = 3;
/** Requests the looks past the first may take: each roadmap's detail and its records'. */
export const LOOKING_BEYOND_PLAN = (LOOKS - 1) * (1 + RECORDS_A_LOOK);

/**
 * A fixture roadmap whose records fit (`fits`): up to LOOKS taken, each that does not fit put back
 * unused for other checks; none fits: could not run, naming `needs` and what each had.
 */
export async function roadmapWhere(ctx: CheckContext, needs: string, fits: (records: RecordData[]) => boolean) {
  const seen: string[] = [];
  for (let i = 0; i < LOOKS; i++) {
    const token = await ctx.take('roadmaps');
    if (seen.some((s) => s.startsWith(token))) break;
    const roadmap = await getRoadmap(ctx, token);
    if (!roadmap) return undefined;
    const records = await roadmapRecords(ctx, roadmap);
    if (fits(records)) return { roadmap, records };
    seen.push(`${roadmap.token} (${records.map((r) => r.test_id).join(', ')})`);
    if (!ctx.putBack) break;
    ctx.putBack('roadmaps', roadmap.token);
  }
  throw new HarnessShortfall(`it needs ${needs}; none of the roadmaps looked at has one: ${seen.join('; ')}`);
}

/** Per roadmap token: what of its last authentication body was built on the tests' fields read as the description encodes them. */
const tested = new Map<string, AssumedPart[]>();

/** The body of a roadmap authentication: per role, a profile every record of the role accepts. */
export async function roadmapAuthBody(ctx: CheckContext, roadmap: RoadmapData, records?: RecordData[]) {
  const details = records ?? (await roadmapRecords(ctx, roadmap));
  const fields = ctx.profile.test_fields;
  tested.set(
    roadmap.token,
    assumedOf(
      details.flatMap((r) => (r.test ? [r.test as TestRules] : [])),
      fields,
    ),
  );
  const roles = roadmap.roles.map((role) => {
    const rules = details.filter((r) => r.role === role.id && r.test).map((r) => limitsOf(r.test as TestRules, fields));
    return { id: role.id, profile: profileFor(ctx, narrowest(rules)) };
  });
  return { mobile: ctx.mobile(), roles };
}

/** Authenticates every role of a roadmap, instantly or with the draft token and SMS code. */
export async function authenticateRoadmap(ctx: CheckContext, roadmap: RoadmapData) {
  const body = await roadmapAuthBody(ctx, roadmap);
  const first = await ctx.call('authenticateRoadmap', {
    params: { token: roadmap.token },
    body,
    assumed: tested.get(roadmap.token),
  });
  let last = first;
  if (ctx.expectStatus(first, 200, 'roadmap authentication') && roadmap.tests_auth_required) {
    const draft = dataOf<Schemas['RoadmapAuthPending']>(first)?.draft_token;
    ctx.expect(typeof draft === 'string', 'SMS mode: roadmap authentication returns a draft_token', first);
    last = await completeAuthentication(ctx, 'roadmap-journey-sms', {
      token: roadmap.token,
      mobile: body.mobile,
      first,
      draft,
    });
    ctx.expectStatus(last, 200, 'roadmap verification with the draft token and SMS code');
  }
  return { body, first, last, ok: isSuccess(last.response.status) };
}
