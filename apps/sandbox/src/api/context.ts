import { refuse } from '../errors/index.js';
import type { components, defaulted, operations } from '../generated/api.js';
import type { Encoded } from '../http/envelope.js';
import type { Db } from '../store/db.js';
import type { View } from '../store/present.js';
import { getRecord, getRoadmap, type OrganizerRow, type RecordRow, type RoadmapRow } from '../store/rows.js';

/** The description's schemas (openapi-typescript, src/generated/api.ts). */
export type Schemas = components['schemas'];

/** An operation as openapi-typescript shapes it. */
interface Described {
  parameters: { path?: unknown; query?: unknown };
  requestBody?: unknown;
  responses: object;
}

/** A part of the request that an operation has (`unknown`, adding nothing, when it has none). */
type Part<T> = [NonNullable<T>] extends [never] ? unknown : NonNullable<T>;

/** Path and query parameters, with those of `Filled` present (the request check filled in their defaults). */
type ParamsOf<Op extends Described, Filled extends PropertyKey> = Part<Op['parameters']['path']> &
  (Part<Op['parameters']['query']> extends infer Q ? Q & Required<Pick<Q, Filled & keyof Q>> : never);

/** The JSON request body (`undefined` where the operation takes none, or where it is optional and absent). */
type BodyOf<Op extends Described> =
  NonNullable<Op['requestBody']> extends { content: { 'application/json': infer B } }
    ? B | (undefined extends Op['requestBody'] ? undefined : never)
    : undefined;

/** The envelope's `data` of an operation's 200. */
type DataOf<Op extends Described> = Op extends {
  responses: { 200: { content: { 'application/json': { data: infer D } } } };
}
  ? D
  : never;

/** The data of a 200, or that data already encoded, now or later. */
type Reply<D> = D | Encoded<D> | Promise<D | Encoded<D>>;

/** What a handler gets: the store, the caller's organizer, its clock, and the validated request. */
export interface Ctx<Params = unknown, Body = unknown> {
  db: Db;
  org: OrganizerRow;
  /** The organizer's clock (the sandbox clock plus any advance made through the control API). */
  now: number;
  /** The sandbox clock without the organizer's advance. */
  baseNow: number;
  view: View;
  /** The sandbox's public address (`--public-url`, else where it listens), for links it answers. */
  origin: string;
  /** The secret an HTML questionnaire of this record carries, issued now (forms/secret.ts). */
  formSecret: (token: string) => string;
  /** Path and query parameters, validated against the operation's and coerced to their types. */
  params: Params;
  /** The body, validated against the operation's schema. */
  body: Body;
  /** Waits for this key's next turn: long work yields between its steps (never inside a transaction). */
  turn: () => Promise<void>;
}

/**
 * The behaviour of a described operation: takes its validated request, typed from the description,
 * and answers the data of its 200 (or a promise of it), or throws an ApiError.
 */
export type Handler<Op extends Described, Filled extends PropertyKey = never> = (
  ctx: Ctx<ParamsOf<Op, Filled>, BodyOf<Op>>,
) => Reply<DataOf<Op>>;

/** Any handler, as the app dispatches to it: it knows the request was validated for the handler's operation. */
export type Dispatch = (ctx: Ctx<never, never>) => unknown;

/** The handler of an operation of /api/v2. */
export type ApiHandler<Id extends keyof operations> = Handler<operations[Id], defaulted[Id]>;

/** The behaviour of every operation of /api/v2: a new operation in the description fails typecheck until it has one. */
export type ApiHandlers = { [Id in keyof operations]: ApiHandler<Id> };

/** A request naming a record or roadmap by its path's token. */
type ByToken = Ctx<{ token: string }>;

export function requireRecord(ctx: ByToken): RecordRow {
  const row = getRecord(ctx.db, ctx.org.id, ctx.params.token);
  if (!row) throw refuse('recordNotFound');
  return row;
}

export function requireRoadmap(ctx: ByToken): RoadmapRow {
  const row = getRoadmap(ctx.db, ctx.org.id, ctx.params.token);
  if (!row) throw refuse('roadmapNotFound');
  return row;
}
