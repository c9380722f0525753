import { loadJourneys } from '@tas/openapi';
import type { CheckContext, Purpose } from '../check.js';
import { type Exchange, isSuccess } from '../types.js';

/** The Arazzo workflow (openapi's journeys) of an authentication of a record or a roadmap, by mode. */
export type AuthJourney = `${Purpose}-journey-${'sms' | 'instant'}`;

/** The workflow of an authentication of a record or a roadmap, in the organizer's mode. */
export const journeyFor = (purpose: Purpose, sms: boolean): AuthJourney =>
  `${purpose}-journey-${sms ? 'sms' : 'instant'}`;

/** What may follow the first call, as the workflows name it: the SMS outbox read and the verify. */
const FOLLOWING = ['readSmsOutbox', 'verifyRecordAuth', 'verifyRoadmapAuth'] as const;
type Following = (typeof FOLLOWING)[number];
const follows = (id: string): id is Following => (FOLLOWING as readonly string[]).includes(id);
let walks: Map<string, Following[]> | undefined;

/** The operations a workflow takes after its first call, in its order (the workflows read once). */
function following(journey: AuthJourney): Following[] {
  walks ??= new Map(
    loadJourneys().map((j) => [
      j.workflowId,
      j.steps
        .filter((s) => s.status < 300)
        .map((s) => s.operationId)
        .filter(follows),
    ]),
  );
  const walk = walks.get(journey);
  if (!walk) throw new Error(`no Arazzo workflow ${journey}`);
  return walk;
}

interface Started {
  token: string;
  mobile: string;
  /** The first call's answer. */
  first: Exchange;
  /** Roadmaps: the draft_token the first call returned (sent as it came; none, as an empty one). */
  draft?: unknown;
  key?: 'main' | 'other';
}

/**
 * The steps of the journey's workflow after the first call (whose body each check sends), once
 * that call succeeded: in SMS mode the code is read and verified (with the roadmap's draft_token);
 * in instant mode there are none. The last answer, or the first when nothing followed.
 */
export async function completeAuthentication(ctx: CheckContext, journey: AuthJourney, at: Started): Promise<Exchange> {
  let last = at.first;
  let code = '';
  const params = { token: at.token };
  const purpose: Purpose = journey.startsWith('record') ? 'record' : 'roadmap';
  for (const operationId of following(journey)) {
    if (!isSuccess(last.response.status)) break;
    if (operationId === 'readSmsOutbox')
      code = await ctx.smsCode({ mobile: at.mobile, token: at.token, purpose, key: at.key });
    else if (operationId === 'verifyRecordAuth')
      last = await ctx.call('verifyRecordAuth', { key: at.key, params, body: { code } });
    else if (operationId === 'verifyRoadmapAuth')
      last = await ctx.call('verifyRoadmapAuth', {
        key: at.key,
        params,
        unchecked: { draft_token: at.draft ?? '', code },
      });
  }
  return last;
}
