import { ApiError } from '../http/envelope.js';
import type { Db } from '../store/db.js';
import type { View } from '../store/present.js';
import { getRecord, getRoadmap, type OrganizerRow, type RecordRow, type RoadmapRow } from '../store/rows.js';

/** What a handler gets: the store, the caller's organizer, its clock, and the validated request. */
export interface Ctx {
  db: Db;
  org: OrganizerRow;
  /** The organizer's clock (the sandbox clock plus any advance made through the control API). */
  now: number;
  /** The sandbox clock without the organizer's advance. */
  baseNow: number;
  view: View;
  /** The sandbox's own address as the caller reached it (`http://host:port`), for links it answers. */
  origin: string;
  params: Record<string, unknown>;
  // biome-ignore lint/suspicious/noExplicitAny: the body was validated against the operation's schema.
  body: any;
  /** Waits for this key's next turn: long work yields between its steps (never inside a transaction). */
  turn: () => Promise<void>;
}

/** Answers the data of a 200 (or a promise of it), or throws an ApiError. */
export type Handler = (ctx: Ctx) => unknown;

export function requireRecord(ctx: Ctx): RecordRow {
  const row = getRecord(ctx.db, ctx.org.id, String(ctx.params.token));
  if (!row) throw ApiError.of(404, 'not_found', 'No test record with this token.');
  return row;
}

export function requireRoadmap(ctx: Ctx): RoadmapRow {
  const row = getRoadmap(ctx.db, ctx.org.id, String(ctx.params.token));
  if (!row) throw ApiError.of(404, 'not_found', 'No roadmap with this token.');
  return row;
}
