import type { JsonObject } from '@tas/openapi';
import type { CheckContext } from '../check.js';
import type { OperationId, Schemas } from '../described.js';
import { profileFor } from '../journey/profile.js';
import { getRoadmap, type RoadmapData, roadmapAuthBody, roadmapRecords } from '../journey/roadmap.js';
import { authenticatedRecord, dataOf, getRecord, questionsAndAnswers } from '../journey/steps.js';
import type { Needs } from '../types.js';

/** A resource in the state where the operation would succeed, held while its refusals are sent. */
export interface Held {
  kind: 'record' | 'roadmap';
  token: string;
  /** A body the operation would accept on this resource now (as far as a client can make one). */
  base: JsonObject;
  /** The roadmap as first read (roadmap resources). */
  roadmap?: RoadmapData;
  /** The authentication body sent to make a pending verify (verifyRoadmapAuth in SMS mode). */
  auth?: JsonObject;
  /** The questionnaire (submitAnswers). */
  questionnaire?: unknown;
  /** How the record was authenticated, and answers that fit it (submitAnswers). */
  authenticated?: Authenticated;
}

export type Authenticated = NonNullable<Awaited<ReturnType<typeof authenticatedRecord>>> & {
  answers: (number | string)[];
};

/** How to make one, what it uses up, and how to prove that a refusal changed nothing. */
export interface Setup {
  needs: Needs;
  /** Requests that making it sends (an estimate, for plan), the read-back not included. */
  requests: number;
  make(ctx: CheckContext): Promise<Held | undefined>;
  /** What the resource must still show after refusals (a stated rule: a refusal changes nothing). */
  unchanged: string;
}

/** Operations on a token that take a body: their refusals go to a real resource. */
export type RefusalOperation =
  | 'authenticateRecord'
  | 'verifyRecordAuth'
  | 'submitAnswers'
  | 'authenticateRoadmap'
  | 'verifyRoadmapAuth';

export const heldKey = (operationId: string) => `refusal:${operationId}`;

const exampleOf = (ctx: CheckContext, operationId: OperationId) =>
  Object.values(ctx.operation(operationId).requestBody?.examples ?? {})[0] as JsonObject;

/** A ready standalone record and a valid authentication body for it. */
async function readyRecord(ctx: CheckContext) {
  const record = await getRecord(ctx, await ctx.take('ready'));
  if (!record) return undefined;
  const profile = { ...profileFor(ctx, record.test ?? {}), external_id: ctx.externalId() };
  return { record, body: { mobile: ctx.mobile(), profile } };
}

/** A ready roadmap and a valid authentication body for it (every role, profiles its tests accept). */
async function readyRoadmap(ctx: CheckContext) {
  const roadmap = await getRoadmap(ctx, await ctx.take('roadmaps'));
  if (!roadmap) return undefined;
  const body = await roadmapAuthBody(ctx, roadmap);
  const roles = body.roles.map((r) => ({ ...r, profile: { ...r.profile, external_id: ctx.externalId() } }));
  return { roadmap, body: { ...body, roles } };
}

const SETUPS: Record<RefusalOperation, Setup> = {
  authenticateRecord: {
    needs: { ready: 1 },
    requests: 1,
    unchanged: 'still ready and unauthenticated (auth_required true, no profile)',
    async make(ctx) {
      const ready = await readyRecord(ctx);
      return ready && { kind: 'record', token: ready.record.token, base: ready.body };
    },
  },
  verifyRecordAuth: {
    needs: { ready: 1 },
    requests: 2,
    unchanged: 'still unauthenticated (auth_required true, no profile)',
    async make(ctx) {
      const ready = await readyRecord(ctx);
      if (!ready) return undefined;
      const { token } = ready.record;
      // Instant organizers have no verify step: the ready record is as near success as a client gets.
      if (!ready.record.tests_auth_required) return { kind: 'record', token, base: exampleOf(ctx, 'verifyRecordAuth') };
      const auth = await ctx.call('authenticateRecord', { params: { token }, body: ready.body });
      if (!ctx.expectStatus(auth, 200, 'record authentication (a pending verify to refuse bodies on)'))
        return undefined;
      const code = await ctx.smsCode({ mobile: ready.body.mobile, token, purpose: 'record' });
      return { kind: 'record', token, base: { code } };
    },
  },
  submitAnswers: {
    needs: { ready: 1 },
    requests: 4,
    unchanged: 'still authenticated and unfinished (status 2, is_finished false)',
    async make(ctx) {
      const auth = await authenticatedRecord(ctx);
      if (!auth) return undefined;
      const qa = await questionsAndAnswers(ctx, auth.record.token);
      if (!qa) return undefined;
      const questionnaire = dataOf(qa.exchange);
      const authenticated = { ...auth, answers: qa.answers };
      return { kind: 'record', token: auth.record.token, base: { record: qa.answers }, questionnaire, authenticated };
    },
  },
  authenticateRoadmap: {
    needs: { roadmaps: 1 },
    requests: 3,
    unchanged: 'still unauthenticated (every record auth_required true, no profile)',
    async make(ctx) {
      const ready = await readyRoadmap(ctx);
      return ready && { kind: 'roadmap', token: ready.roadmap.token, base: ready.body, roadmap: ready.roadmap };
    },
  },
  verifyRoadmapAuth: {
    needs: { roadmaps: 1 },
    requests: 4,
    unchanged: 'still unauthenticated (every record auth_required true, no profile)',
    async make(ctx) {
      const ready = await readyRoadmap(ctx);
      if (!ready) return undefined;
      const { roadmap } = ready;
      if (!roadmap.tests_auth_required)
        return { kind: 'roadmap', token: roadmap.token, base: exampleOf(ctx, 'verifyRoadmapAuth'), roadmap };
      const auth = await ctx.call('authenticateRoadmap', { params: { token: roadmap.token }, body: ready.body });
      if (!ctx.expectStatus(auth, 200, 'roadmap authentication (a pending verify to refuse bodies on)'))
        return undefined;
      const draft = dataOf<Schemas['RoadmapAuthPending']>(auth)?.draft_token ?? '';
      const code = await ctx.smsCode({ mobile: ready.body.mobile, token: roadmap.token, purpose: 'roadmap' });
      return { kind: 'roadmap', token: roadmap.token, base: { draft_token: draft, code }, roadmap, auth: ready.body };
    },
  },
};

export const setupOf = (operationId: string): Setup | undefined => SETUPS[operationId as RefusalOperation];

/** The setups a run shares, by held key: plan counts each once. */
export const setupByKey = (key: string): Setup | undefined => setupOf(key.replace(/^refusal:/, ''));

/** Reads the resource back: a refusal must change nothing (stated). */
export async function readBack(ctx: CheckContext, held: Held, operationId: string, refused: number) {
  const setup = setupOf(operationId) as Setup;
  const what = `after ${refused} refused request${refused === 1 ? '' : 's'}, ${held.kind} ${held.token} must be ${setup.unchanged}`;
  if (held.kind === 'roadmap') {
    const roadmap = await getRoadmap(ctx, held.token);
    if (!roadmap) return;
    // The entries' own state when they show it, else each record's detail (the Record fields are stated).
    const shown = roadmap.test_records.every((r) => typeof r.auth_required === 'boolean' && 'profile' in r);
    const records = shown ? roadmap.test_records : await roadmapRecords(ctx, roadmap);
    const changed = records.filter((r) => r.auth_required !== true || r.profile);
    ctx.expect(
      changed.length === 0,
      `${what}; ${changed.length} of its ${records.length} records show otherwise (${changed
        .map(
          (r) =>
            `${r.token}: auth_required ${String(r.auth_required)}, ${r.profile ? 'a profile linked' : 'no profile'}`,
        )
        .join('; ')})`,
      undefined,
      false,
    );
    return;
  }
  const record = await getRecord(ctx, held.token);
  if (!record) return;
  const ok =
    operationId === 'submitAnswers'
      ? record.status === 2 && record.is_finished === false && record.auth_required === false
      : record.status === 2 && record.auth_required === true && !record.profile;
  ctx.expect(
    ok,
    `${what}; it shows status ${record.status}, auth_required ${record.auth_required}, is_finished ${record.is_finished}${record.profile ? ', a profile linked' : ''}`,
    undefined,
    false,
  );
}
