import { isBoundKeyword, isStatedBound } from '@tas/openapi';
import { Q } from '../quotes.js';
import type { ConstraintKind } from '../types.js';
import { assumed, type Ground, isStated, stated } from './ground.js';

/** One request constraint, as the generated inputs and the hand-picked cases name it. */
export interface ConstraintRef {
  operationId: string;
  in: 'path' | 'query' | 'body' | 'header' | 'cookie';
  /** The parameter's name, or the body location (`/roles/0/profile/name`). */
  name: string;
  kind: ConstraintKind;
  /** The schema holding the constraint, after $refs: its size bounds are judged by @tas/openapi's isStatedBound. */
  pointer?: string;
}

type Rule = { op?: RegExp; in?: ConstraintRef['in']; name?: RegExp; kinds?: ConstraintKind[]; ground: Ground };

const BOUND = 'a size bound of the description; the interface states none here';
const CLOSED = 'the interface lists the fields, and does not say that unknown ones are refused';
const ROADMAP_AUTH = /^authenticateRoadmap$/;
const RECORD_TOKEN = /^(getRecord|submitAnswers|authenticateRecord|verifyRecordAuth|getQuestions|getResult)$/;

/** First match wins; the last rule catches what no sentence covers. */
const RULES: Rule[] = [
  // Paths: the token is a UUID (a longer string is no UUID either).
  { in: 'path', op: RECORD_TOKEN, ground: stated(Q.recordToken) },
  {
    in: 'path',
    op: /^(getRoadmap|authenticateRoadmap|verifyRoadmapAuth)$/,
    ground: stated(Q.roadmapToken, Q.roadmapUuid),
  },
  {
    in: 'query',
    op: /^listRecords$/,
    ground: assumed("the listing's parameters are the description's", Q.listingNotShown),
  },
  // POST /roadmap/{token}/auth/: the request body table and the Limits.
  { op: ROADMAP_AUTH, kinds: ['additionalProperties'], ground: assumed(CLOSED) },
  { op: ROADMAP_AUTH, name: /^\/$/, ground: stated(Q.bodiesJson) },
  { op: ROADMAP_AUTH, name: /^\/mobile$/, ground: stated(Q.mobile, Q.mobileLimit) },
  { op: ROADMAP_AUTH, name: /^\/roles$/, ground: stated(Q.roles, Q.rolesLimit) },
  { op: ROADMAP_AUTH, name: /^\/roles\/0$/, ground: stated(Q.roleId, Q.roleProfile) },
  { op: ROADMAP_AUTH, name: /\/id$/, ground: stated(Q.roleId) },
  { op: ROADMAP_AUTH, name: /\/profile$/, ground: stated(Q.roleProfile) },
  { op: ROADMAP_AUTH, name: /\/name$/, ground: stated(Q.name, Q.nameLimit) },
  { op: ROADMAP_AUTH, name: /\/birth$/, ground: stated(Q.birth) },
  { op: ROADMAP_AUTH, name: /\/is_male$/, ground: stated(Q.isMale) },
  { op: ROADMAP_AUTH, name: /\/external_id$/, ground: stated(Q.externalId) },
  // POST /record/{token}/: answers.
  { op: /^submitAnswers$/, kinds: ['additionalProperties'], ground: assumed(CLOSED) },
  { op: /^submitAnswers$/, name: /^\/$/, ground: stated(Q.bodiesJson, Q.record) },
  { op: /^submitAnswers$/, name: /^\/record$/, ground: stated(Q.record, Q.validatedPerTest) },
  { op: /^submitAnswers$/, name: /^\/record\/0$/, kinds: ['type'], ground: stated(Q.optionEntry, Q.textEntry) },
  { op: /^submitAnswers$/, name: /^\/record\/0$/, ground: assumed(BOUND) },
  // The other bodies: the interface does not show them.
  {
    op: /^(authenticateRecord|verifyRecordAuth|verifyRoadmapAuth)$/,
    in: 'body',
    ground: assumed('the interface does not show this body', Q.shapesNotShown),
  },
  { ground: assumed('no sentence of the interface states it') },
];

/** The interface sentences a request constraint rests on, or why it is the description's choice. */
export function constraintGround(ref: ConstraintRef): Ground {
  const rule = RULES.find(
    (r) =>
      (!r.op || r.op.test(ref.operationId)) &&
      (!r.in || r.in === ref.in) &&
      (!r.name || r.name.test(ref.name)) &&
      (!r.kinds || r.kinds.includes(ref.kind)),
  ) as Rule;
  // A size bound a sentence seems to cover is the interface's only where @tas/openapi's one rule says so.
  if (
    isStated(rule.ground) &&
    ref.pointer !== undefined &&
    isBoundKeyword(ref.kind) &&
    !isStatedBound(ref.pointer, ref.kind)
  )
    return assumed(BOUND);
  return rule.ground;
}
