import { describe, expect, it } from 'vitest';
import { jsonRuns } from '../src/json/runs.js';
import { carried, codeFor, learn } from '../src/tryit/carry.js';
import type { OperationPrefill } from '../src/tryit/config.js';

// What an answer teaches the later panels, and a panel's request filled from it (src/tryit/carry.ts);
// the JSON views' Persian runs (src/json/runs.ts). Tables of given/want; the browser walk is tryit-phone.

const R1 = '11111111-1111-4111-8111-111111111111';
const R2 = '22222222-2222-4222-8222-222222222222';
const M = '33333333-3333-4333-8333-333333333333';
const none = { path_params: {}, query: {} };
const record = (token: string, extra: object = {}) => ({
  token,
  test_id: 't',
  role: null,
  status: 2,
  auth_required: true,
  ...extra,
});

describe('learn: what a successful answer carries', () => {
  it.each([
    [
      'a listing: its ready standalone record, every record offered',
      'listRecords',
      none,
      { results: [record(R2, { role: 1 }), record(R1)] },
      {
        record: R1,
        records: JSON.stringify([
          { token: R2, label: 'listed: t' },
          { token: R1, label: 'listed: t' },
        ]),
      },
    ],
    [
      'a listing with no ready standalone record: none carried',
      'listRecords',
      none,
      { results: [record(R2, { role: 1 })] },
      { records: JSON.stringify([{ token: R2, label: 'listed: t' }]) },
    ],
    [
      "a record's authentication by SMS: its token, the mobile, a code to read for it",
      'authenticateRecord',
      { path_params: { token: R1 }, query: {}, body: { mobile: '09120000000' } },
      { tests_auth_required: true },
      { record: R1, mobile: '09120000000', auth: `record:${R1}`, code: null },
    ],
    [
      'an instant authentication: no code to read',
      'authenticateRecord',
      { path_params: { token: R1 }, query: {}, body: { mobile: '09120000000' } },
      { tests_auth_required: false },
      { record: R1, mobile: '09120000000', auth: null, code: null },
    ],
    [
      "a roadmap's authentication: the draft token, the code to read for the roadmap",
      'authenticateRoadmap',
      { path_params: { token: M }, query: {}, body: { mobile: '09350000000' } },
      { tests_auth_required: true, draft_token: 'd' },
      { roadmap: M, mobile: '09350000000', draft_token: 'd', auth: `roadmap:${M}`, code: null },
    ],
    [
      'the questionnaire: answers that fit it, for its record',
      'getQuestions',
      { path_params: { token: R1 }, query: {} },
      { questions: [{ answer: { options: [{ id: 7 }] } }, { answer: { text: true } }] },
      { answers: JSON.stringify({ token: R1, record: [7, 'پاسخ آزمایشی'] }) },
    ],
    [
      'an HTML questionnaire: no answers',
      'getQuestions',
      { path_params: { token: R1 }, query: {} },
      { html: '<form>' },
      { answers: null },
    ],
  ])('%s', (_name, operationId, parts, data, want) => {
    expect(learn(operationId, parts, data, {})).toEqual(want);
  });

  it("a roadmap's verification carries its first record", () => {
    const roadmap = learn(
      'getRoadmap',
      { path_params: { token: M }, query: {} },
      {
        token: M,
        test_records: [
          { token: R1, role: 1, test_id: 'a' },
          { token: R2, role: 2, test_id: 'b' },
        ],
      },
      {},
    );
    expect(learn('verifyRoadmapAuth', none, {}, roadmap as never)).toEqual({
      code: null,
      auth: null,
      draft_token: null,
      record: R1,
    });
  });
});

describe('codeFor: the code of the authentication the panels follow', () => {
  const messages = [
    { token: R2, purpose: 'record', code: '22222' },
    { token: M, purpose: 'roadmap', code: '33333' },
    { token: R1, purpose: 'record', code: '11111' },
  ];
  it.each([
    ['the roadmap just authenticated', { mobile: '09', auth: `roadmap:${M}` }, '33333'],
    ['the record, not a newer code of another', { mobile: '09', auth: `record:${R1}` }, '11111'],
    ['nothing sent for it', { mobile: '09', auth: `record:${M}` }, undefined],
    ['no authentication yet', {}, undefined],
  ])('%s', (_name, session, want) => {
    expect(codeFor(messages, session).code).toBe(want);
  });
});

describe('carried: a panel request from the environment', () => {
  const op: OperationPrefill = {
    operationId: 'submitAnswers',
    method: 'post',
    path: '/record/{token}/',
    summary: '',
    path_params: { token: R2 },
    query: {},
    body: { record: [1, 2, 3] },
    key: 'k',
    token: 'record',
    session_fields: {},
  };
  it.each([
    [
      'the carried record and the answers built for it',
      { record: R1, answers: JSON.stringify({ token: R1, record: [9] }) },
      { token: R1 },
      [9],
    ],
    [
      "answers of another record: the example's",
      { record: R1, answers: JSON.stringify({ token: R2, record: [9] }) },
      { token: R1 },
      [1, 2, 3],
    ],
    ['nothing carried: the examples', {}, { token: R2 }, [1, 2, 3]],
  ])('%s', (_name, session, path, answers) => {
    expect(carried(op, session)).toEqual({ path_params: path, query: {}, body: { record: answers } });
  });

  it('a fresh external_id each time (the example sent twice is refused)', () => {
    const auth = { ...op, operationId: 'authenticateRecord', body: { profile: { external_id: 1 } } };
    const [a, b] = [carried(auth, {}), carried(auth, {})].map(
      (p) => (p.body as { profile: { external_id: number } }).profile.external_id,
    );
    expect(a).not.toBe(1);
    expect(b).toBeGreaterThan(a as number);
  });

  it('a new mobile each time (the sandbox allows 5 authentications per mobile)', () => {
    const auth = { ...op, operationId: 'authenticateRecord', body: { mobile: '09121234567' } };
    const [a, b] = [carried(auth, {}), carried(auth, {})].map((p) => (p.body as { mobile: string }).mobile);
    expect([a, b]).toEqual([expect.stringMatching(/^09\d{9}$/), expect.stringMatching(/^09\d{9}$/)]);
    expect(new Set(['09121234567', a, b]).size).toBe(3);
  });

  it.each([
    ['nothing carried: an empty code, not the example (sent, it would use up a try)', {}, ''],
    ['the code carried', { code: '54321' }, '54321'],
  ])('verify: %s', (_name, session, code) => {
    const verify = {
      ...op,
      operationId: 'verifyRecordAuth',
      body: { code: '12345' },
      session_fields: { code: 'code' },
    };
    expect(carried(verify as OperationPrefill, session).body).toEqual({ code });
  });
});

describe('jsonRuns: one run per string that holds Persian', () => {
  it.each([
    [
      'a preface of two sentences is one run',
      '"preface": "«بله» بگویید. سپس «خیر»."',
      ['"preface": "', '«بله» بگویید. سپس «خیر».', '"'],
    ],
    ['strings without Persian stay plain', '{"a": "b", "n": 1}', ['{"a": "b", "n": 1}']],
    ['an escaped quote inside stays inside', '"x": "سلام \\"دوست\\" من",', ['"x": "', 'سلام \\"دوست\\" من', '",']],
  ])('%s', (_name, text, want) => {
    const runs = jsonRuns(text);
    expect(runs.map((r) => r.text)).toEqual(want);
    expect(runs.map((r) => r.text).join('')).toBe(text);
  });
});
