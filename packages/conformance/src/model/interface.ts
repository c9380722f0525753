import { Q } from '../quotes.js';

/**
 * What the interface states, as one model: the states of a record and what moves it, what an
 * operation leaves alone, the limits and to whom they apply, each with the interface's own words.
 * Everything else (the description's choices, and what the interface calls "not shown") is open:
 * UNSHOWN lists the latter, and nothing here predicts from it (test/model.test.ts).
 */

/** A record's state, as its stated fields show it ("Within `status: 2`, `auth_required` distinguishes …"). */
export type State = 'vip-wait' | 'ready' | 'authenticated' | 'finished';
export type Mode = 'sms' | 'instant';
/** What kind of record a statement is about: a standalone one (`role` null) or a roadmap's. */
export type Kind = 'standalone' | 'roadmap';

/** The stated operations, by the description's operationIds (their paths are stated; the listing's and results' are not). */
export type ModelOperation =
  | 'getRecord'
  | 'authenticateRecord'
  | 'verifyRecordAuth'
  | 'getQuestions'
  | 'submitAnswers'
  | 'getRoadmap'
  | 'authenticateRoadmap'
  | 'verifyRoadmapAuth';

/** The stated paths under the API's base path (`{t}` a token): "All paths are relative to {base_url}/api/v2." */
export const PATHS: Record<ModelOperation, { method: string; path: RegExp }> = {
  getRecord: { method: 'GET', path: /\/record\/([^/]+)\/$/ },
  submitAnswers: { method: 'POST', path: /\/record\/([^/]+)\/$/ },
  authenticateRecord: { method: 'POST', path: /\/record\/([^/]+)\/auth\/$/ },
  verifyRecordAuth: { method: 'PUT', path: /\/record\/([^/]+)\/auth\/verify\/$/ },
  getQuestions: { method: 'GET', path: /\/record\/([^/]+)\/questions\/$/ },
  getRoadmap: { method: 'GET', path: /\/roadmap\/([^/]+)\/$/ },
  authenticateRoadmap: { method: 'POST', path: /\/roadmap\/([^/]+)\/auth\/$/ },
  verifyRoadmapAuth: { method: 'PUT', path: /\/roadmap\/([^/]+)\/auth\/verify\/$/ },
};

/** Each state as the stated fields show it. */
export const STATES: Record<State, { status: number; auth_required?: boolean; quote: string }> = {
  'vip-wait': { status: 0, quote: Q.statusValues },
  ready: { status: 2, auth_required: true, quote: Q.authRequired },
  authenticated: { status: 2, auth_required: false, quote: Q.rule2 },
  finished: { status: 1, quote: Q.finishes },
};

/** A stated transition: what completes it, in which mode, for which kind of record, and what it leaves alone. */
export interface Transition {
  id: string;
  from: State;
  to: State;
  /** The operation whose success completes it. */
  by: ModelOperation;
  mode?: Mode;
  kind?: Kind;
  quote: string;
}

export const TRANSITIONS: Transition[] = [
  {
    id: 'auth.instant',
    from: 'ready',
    to: 'authenticated',
    by: 'authenticateRecord',
    mode: 'instant',
    kind: 'standalone',
    quote: Q.instantAuth,
  },
  {
    id: 'auth.sms',
    from: 'ready',
    to: 'authenticated',
    by: 'verifyRecordAuth',
    mode: 'sms',
    kind: 'standalone',
    quote: Q.verifyRecord,
  },
  {
    id: 'roadmap.instant',
    from: 'ready',
    to: 'authenticated',
    by: 'authenticateRoadmap',
    mode: 'instant',
    kind: 'roadmap',
    quote: Q.instant,
  },
  {
    id: 'roadmap.sms',
    from: 'ready',
    to: 'authenticated',
    by: 'verifyRoadmapAuth',
    mode: 'sms',
    kind: 'roadmap',
    quote: Q.verifyRoadmap,
  },
  { id: 'finish', from: 'authenticated', to: 'finished', by: 'submitAnswers', quote: Q.finishes },
];

/** A stated limit or refusal: the operation, to whom it applies, the stated status when there is one. */
export interface Limit {
  id: string;
  operation: ModelOperation;
  mode?: Mode;
  kind?: Kind;
  /** The record's state it applies in, when it is a state's. */
  state?: State;
  /** The status the interface states for it; undefined: refused, with a status not stated. */
  status?: number;
  quote: string;
}

export const LIMITS: Limit[] = [
  { id: 'rule.3', operation: 'authenticateRecord', kind: 'roadmap', status: 409, quote: Q.rule3 },
  { id: 'auth.again', operation: 'authenticateRoadmap', status: 409, quote: Q.e409again },
  { id: 'mobile.duplicate', operation: 'authenticateRoadmap', mode: 'sms', status: 400, quote: Q.e400limit },
  { id: 'external_id.unique', operation: 'authenticateRoadmap', status: 409, quote: Q.e409dup },
  { id: 'questions.finished', operation: 'getQuestions', state: 'finished', status: 409, quote: Q.q409 },
  { id: 'vip.questions', operation: 'getQuestions', state: 'vip-wait', status: 403, quote: Q.prerequisites },
  { id: 'vip.auth', operation: 'authenticateRecord', state: 'vip-wait', quote: Q.vip },
  // A transition leaves its state once: an authenticated record is not authenticated, a finished one not submitted, again.
  {
    id: 'auth.once',
    operation: 'authenticateRecord',
    kind: 'standalone',
    state: 'authenticated',
    quote: Q.standaloneAuth,
  },
  { id: 'submit.once', operation: 'submitAnswers', state: 'finished', quote: Q.finishes },
];

/**
 * The interface's "not shown" sentences, each with what it leaves open: no verdict of the model
 * rests on one (test/model.test.ts finds every such sentence in the interface and holds it here).
 */
export const UNSHOWN: { quote: string; open: string }[] = [
  { quote: Q.testTypes, open: 'the encodings of min_age, max_age, gender_permission and the other test fields' },
  { quote: Q.roadmapOther, open: 'the entries of roles and test_records, and other roadmap fields' },
  { quote: 'Roadmap states and transitions: not shown.', open: "a roadmap's own state: only its records' are judged" },
  {
    quote: Q.shapesNotShown,
    open: 'the bodies of record authentication, verify, detail and roadmap answers beyond the stated fields',
  },
  { quote: Q.listingNotShown, open: "the listing's and the results' paths, parameters and paging" },
  { quote: Q.noKeyBehaviour, open: 'the status of a request without a key or with an unknown one' },
  { quote: 'Events: not shown.', open: 'events: nothing is judged of them' },
  { quote: Q.errorBodies, open: "an error answer's body and messages" },
  { quote: Q.limitValue, open: 'how many authentications a mobile takes before the limit' },
  { quote: Q.rateHeaders, open: 'rate-limit headers and scope' },
  { quote: 'Compatibility, deprecation and change policy: not shown.', open: 'versions other than v2' },
];
