import type { CheckContext, Purpose } from '../check.js';
import { type Exchange, isSuccess } from '../types.js';

/** A step of an authentication as the suite takes it: the Arazzo workflow's step it stands for, and what it calls. */
export interface AuthStep {
  /** The workflow's stepId. */
  arazzo: string;
  /** `tas`, the API, or `sandbox`, whose SMS outbox the suite reads through `--sms` on any target. */
  source: 'tas' | 'sandbox';
  operationId:
    | 'authenticateRecord'
    | 'verifyRecordAuth'
    | 'authenticateRoadmap'
    | 'verifyRoadmapAuth'
    | 'readSmsOutbox';
}

const step = (arazzo: string, operationId: AuthStep['operationId']): AuthStep => ({
  arazzo,
  source: operationId === 'readSmsOutbox' ? 'sandbox' : 'tas',
  operationId,
});

/**
 * Participant authentication, written once: per Arazzo workflow id (openapi's journeys), the steps
 * the suite takes, in the workflow's order. The first call's body differs from check to check, so
 * each check sends it; `completeAuthentication` walks the rest. A test holds them to the workflows.
 */
export const AUTHENTICATIONS = {
  'record-journey-instant': [step('authenticate', 'authenticateRecord')],
  'record-journey-sms': [
    step('start-record-auth', 'authenticateRecord'),
    step('read-record-sms', 'readSmsOutbox'),
    step('verify-record', 'verifyRecordAuth'),
  ],
  'roadmap-journey-instant': [step('authenticate-roadmap-instant', 'authenticateRoadmap')],
  'roadmap-journey-sms': [
    step('start-roadmap-auth', 'authenticateRoadmap'),
    step('read-roadmap-sms', 'readSmsOutbox'),
    step('verify-roadmap', 'verifyRoadmapAuth'),
  ],
} as const satisfies Record<string, readonly AuthStep[]>;

export type AuthJourney = keyof typeof AUTHENTICATIONS;

/** The workflow of an authentication of a record or a roadmap, in the organizer's mode. */
export const journeyFor = (purpose: Purpose, sms: boolean): AuthJourney =>
  `${purpose}-journey-${sms ? 'sms' : 'instant'}`;

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
 * The steps of the journey after the first call, once that call succeeded: in SMS mode the code is
 * read and verified (with the roadmap's draft_token); in instant mode there are none. The last
 * answer, or the first when nothing followed.
 */
export async function completeAuthentication(ctx: CheckContext, journey: AuthJourney, at: Started): Promise<Exchange> {
  let last = at.first;
  let code = '';
  const params = { token: at.token };
  const purpose: Purpose = journey.startsWith('record') ? 'record' : 'roadmap';
  for (const s of AUTHENTICATIONS[journey].slice(1)) {
    if (!isSuccess(last.response.status)) break;
    if (s.operationId === 'readSmsOutbox')
      code = await ctx.smsCode({ mobile: at.mobile, token: at.token, purpose, key: at.key });
    else if (s.operationId === 'verifyRecordAuth')
      last = await ctx.call('verifyRecordAuth', { key: at.key, params, body: { code } });
    else if (s.operationId === 'verifyRoadmapAuth')
      last = await ctx.call('verifyRoadmapAuth', {
        key: at.key,
        params,
        unchecked: { draft_token: at.draft ?? '', code },
      });
  }
  return last;
}
