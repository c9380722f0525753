// The model's resource memory, fed traffic as a proxy would pass it: what one answer says of a
// record is held against every earlier answer and request, tolerantly.
import { describe, expect, it } from 'vitest';
import { createModel, type ModelExchange } from '../src/model/judge.js';

const API = 'http://deployment.example/api/v2';
const T = '3f1c2a9e-8b7d-4e61-9a0c-5d2e7f4b1a63';
const x = (
  method: string,
  path: string,
  status: number,
  data: unknown,
  sent?: unknown,
  operationId?: string,
): ModelExchange => ({
  request: { method, url: `${API}${path}`, ...(sent === undefined ? {} : { body: JSON.stringify(sent) }) },
  response: { status, text: JSON.stringify({ data, successful: status < 400, messages: [] }) },
  ...(operationId ? { operationId } : {}),
});
const record = (over: Record<string, unknown> = {}) => ({
  token: T,
  test_id: 'career-interest',
  test_title: 'Career',
  status: 2,
  auth_required: true,
  tests_auth_required: false,
  is_finished: false,
  role: null,
  profile: null,
  submit_on: null,
  create: '2026-01-01T10:00:00.123Z',
  ...over,
});
const read = (over?: Record<string, unknown>) => x('GET', `/record/${T}/`, 200, record(over));
const ids = (model: ReturnType<typeof createModel>, ex: ModelExchange) => model.observe(ex).map((v) => v.id);
const profile = { name: 'علی رضایی', birth: '1990-05-01', is_male: true };

describe('held against every earlier answer', () => {
  it('a refused call changes nothing: the next read that differs is a verdict naming the refusal', () => {
    const model = createModel();
    model.observe(read());
    const refused = x('POST', `/record/${T}/auth/`, 400, {}, { mobile: '0912', profile });
    model.observe(refused);
    const [v, ...more] = model.observe(read({ auth_required: false }));
    expect(more).toEqual([]);
    expect(v).toMatchObject({ id: 'unchanged.auth_required' });
    expect(v?.exchanges).toContain(refused);
    expect(v?.message).toMatch(/was refused, and a refused call changes nothing/);
  });

  it('an operation changes only what it is stated to change', () => {
    const model = createModel();
    model.observe(read());
    model.observe(x('POST', `/record/${T}/auth/`, 200, {}, { mobile: '09121234567', profile }));
    expect(
      ids(
        model,
        read({ auth_required: false, profile: { ...profile, mobile: '09121234567' }, create: '2026-02-02T00:00:00Z' }),
      ),
    ).toEqual(['left-alone.create']);
  });

  it('a profile reads back as sent; the forms the interface leaves open read alike', () => {
    const model = createModel();
    model.observe(read());
    model.observe(x('POST', `/record/${T}/auth/`, 200, {}, { mobile: '09121234567', profile }));
    // Arabic yeh for Persian, a birth at midnight, the mobile as +98, the instant at another precision.
    const same = { ...profile, name: 'علي رضايي', birth: '1990-05-01T00:00:00Z', mobile: '+989121234567' };
    expect(ids(model, read({ auth_required: false, profile: same, create: '2026-01-01T10:00:00Z' }))).toEqual([]);
    expect(ids(model, read({ auth_required: false, profile: { ...same, birth: '1990-05-02' } }))).toEqual([
      'as-sent.profile.birth',
    ]);
  });

  it('the listing, a roadmap entry and the questionnaire describe the record its detail does', () => {
    const model = createModel();
    model.observe(read());
    const listing = x(
      'GET',
      '/records/?status=2',
      200,
      { items: [record({ test_title: 'Other' })] },
      undefined,
      'listRecords',
    );
    expect(ids(model, listing)).toEqual(['identity.test_title']);
    expect(ids(model, x('GET', `/record/${T}/questions/`, 200, { test_id: 'other', questions: [] }))).toEqual([
      'identity.test_id',
    ]);
    // What it cannot read in the model's terms (a status as a word, a date or a time with no zone for an instant) it leaves alone.
    const fresh = createModel();
    fresh.observe(read());
    expect(
      ids(
        fresh,
        x(
          'GET',
          '/records/',
          200,
          [record({ status: 'ready', create: '2026-01-01' }), record({ create: '2026-01-01 13:30:00' })],
          undefined,
          'listRecords',
        ),
      ),
    ).toEqual([]);
  });

  it("a record this traffic never called is anyone's to move: its state may change between reads, its identity not", () => {
    const model = createModel();
    const listing = (over: Record<string, unknown>) =>
      x('GET', '/records/', 200, { items: [record(over)] }, undefined, 'listRecords');
    model.observe(listing({}));
    // Another client authenticated it and its participant finished: nothing this traffic can contradict.
    const moved = { status: 3, is_finished: true, auth_required: false, profile, submit_on: '2026-01-02T00:00:00Z' };
    expect(ids(model, listing(moved))).toEqual([]);
    expect(ids(model, listing({ ...moved, test_id: 'other' }))).toEqual(['identity.test_id']);
    // One it took as its own (a fixture, one made for it): no one else moves it.
    const mine = createModel();
    mine.own(T.toUpperCase());
    mine.observe(listing({}));
    expect(ids(mine, listing(moved))).toContain('agree.status');
    // Once this traffic called it, a change no call of its explains is a verdict again.
    model.observe(x('POST', `/record/${T}/auth/`, 409, {}, { mobile: '09121234567', profile }));
    expect(ids(model, listing({ ...moved, test_id: 'other', status: 2 }))).toEqual(['unchanged.status']);
  });

  it("a roadmap's records have one of its roles and the organizer's policy it shows", () => {
    const model = createModel();
    model.observe(read({ role: null, tests_auth_required: true }));
    const roadmap = x('GET', '/roadmap/9a1c2a9e-8b7d-4e61-9a0c-5d2e7f4b1a63/', 200, {
      roles: [{ id: 1 }],
      test_records: [T],
      tests_auth_required: false,
    });
    expect(ids(model, roadmap).sort()).toEqual(['identity.tests_auth_required', 'roadmap.role']);
  });
});
