import { assumed, type Ground, stated } from './ground.js';
import { Q } from './quotes.js';

/** One part of a response rule, judged on its own: what it checks and what it rests on. */
export interface RulePart {
  rule: string;
  part: string;
  ground: Ground;
}

/** Every part of every response rule (src/responses/*), and of the checks that judge a refusal apart from its status. */
export const RULE_PARTS: RulePart[] = [
  { rule: 'response.no-5xx', part: 'no status is a 5xx', ground: stated(Q.statusesStated, Q.envelope) },
  {
    rule: 'response.documented-status',
    part: "a success status other than the description's (201 for 200): still a success",
    ground: assumed('the interface states no success status', Q.statusesStated),
  },
  {
    rule: 'response.documented-status',
    part: "an error status the description does not document (a cause the interface's tables do not list, a call without a valid key); a wrong code for a listed cause fails the check that sends it",
    ground: assumed('the description chose these statuses', Q.noKeyBehaviour),
  },
  {
    rule: 'response.content-type',
    part: 'the body is JSON',
    ground: stated(Q.envelope, Q.responsesUseEnvelope),
  },
  {
    rule: 'response.content-type',
    part: 'the Content-Type header is application/json',
    ground: assumed("the interface states the request's Content-Type, not the response header", Q.bodiesJson),
  },
  {
    rule: 'response.envelope',
    part: '`data`, `successful` (boolean) and `messages` (array) present',
    ground: stated(Q.envelope, Q.data, Q.successful, Q.messages),
  },
  {
    rule: 'response.envelope',
    part: '`successful` agrees with the status (true on 2xx)',
    ground: stated(Q.successful),
  },
  {
    rule: 'response.envelope',
    part: 'the shape of each item of `messages`',
    ground: assumed('Message', Q.errorBodies),
  },
  { rule: 'response.envelope', part: 'at most 100 `messages`', ground: assumed('a size bound of the description') },
  {
    rule: 'response.schema',
    part: 'types, required fields and formats of what the interface names (records, profiles, roadmaps, questions)',
    ground: stated(Q.recordToken, Q.statusValues, Q.htmlOnly),
  },
  {
    rule: 'response.schema',
    part: 'anything inside an element marked x-assumed (the openapi README lists them)',
    ground: assumed('x-assumed'),
  },
  {
    rule: 'response.schema',
    part: 'size bounds (lengths, item counts, ranges) other than `mobile`, `name` and `status`',
    ground: assumed('safety bounds of the description', Q.mobileLimit, Q.nameLimit),
  },
  {
    rule: 'response.schema',
    part: 'the body of an error response (`data`, `successful: false`, the messages)',
    ground: assumed('ErrorEnvelope', Q.errorBodies),
  },
  {
    rule: 'constraints.*',
    part: 'a body that is not JSON, and one sent as text/plain: refused',
    ground: stated(Q.bodiesJson),
  },
  {
    rule: 'missing-api-key, wrong-api-key',
    part: 'a call without a key, or with one that names no organizer: refused (a 2xx is a failure)',
    ground: stated(Q.apiKey),
  },
  {
    rule: 'missing-api-key, wrong-api-key',
    part: 'the status of that refusal (401)',
    ground: assumed('the description chose 401', Q.noKeyBehaviour),
  },
  {
    rule: 'response.retry-after',
    part: 'a 429 carries Retry-After in seconds',
    ground: assumed('components/headers/RetryAfter', Q.rateHeaders),
  },
];
