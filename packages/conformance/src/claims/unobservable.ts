import { Q, S } from '../quotes.js';
import type { ClaimDef } from './claim.js';
import { unobservable } from './make.js';

/** Claims no client can observe, each with why: no check judges them. */
export const UNOBSERVABLE: ClaimDef[] = [
  unobservable(
    'envelope.messages.examples',
    S.responseEnvelope,
    Q.messages,
    '"empty in successful examples"',
    "it describes the interface's examples, not what the service answers: no answer can break it",
  ),
  unobservable(
    'organizer.tests_auth_required.default',
    S.record,
    Q.testsAuthDefault,
    '`true` is the default',
    "a default is the organizer's setting before anyone sets it; a client sees only the setting its organizer has",
  ),
  unobservable(
    'roadmap-auth.mobile.sms',
    S.postRoadmapTokenAuth,
    Q.smsTo,
    'the SMS code goes to that mobile',
    "a client cannot see where an SMS goes: the suite's code reader is told the mobile, and a code it cannot read is its own shortfall (could not run), never the target's fault",
  ),
  unobservable(
    'questions.prerequisite.billing',
    S.getRecordTokenQuestions,
    Q.prerequisites,
    'billing check passes, else refused',
    'a client cannot make a billing prerequisite fail: payments are made in the organizer panel',
  ),
  unobservable(
    'listing.paths',
    S.otherEndpointsReferredTo,
    Q.listingNotShown,
    'the paths and parameters of the listing and results',
    "not a claim: the interface leaves them open; QA gives the deployment's with --path, and a conformant deployment's own choice passes (the suite is tested against deployments that choose otherwise)",
  ),
  unobservable(
    'state.vip.to-ready',
    S.statesAndTransitions,
    Q.vipRow,
    "VIP wait becomes Ready by the organizer's action",
    'a client cannot trigger it: the VIP or billing action is taken in the organizer panel',
  ),
  unobservable(
    'error.roadmap-auth.429',
    S.errPOSTRoadmapTokenAuth,
    Q.e429,
    'rate limit exceeded: 429',
    "the suite paces itself under the limit (a live run's budget is 400 requests, the limit 100 a minute): it never sends the excess that would show a 429 missing; a 429 it meets is judged by response.retry-after",
  ),
  unobservable(
    'limit.rate',
    S.limits,
    Q.rateLimit,
    '100 a minute and 3,000 an hour on all API calls; excess returns 429',
    'the suite paces itself under the limit and sends no excess (a live run is at most 400 requests); a deployment with a lower limit answers 429s, which the suite waits out',
  ),
];
