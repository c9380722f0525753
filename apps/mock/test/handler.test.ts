import { BODY_LIMIT, createValidator, loadDescription } from '@tas/openapi';
import { describe, expect, it } from 'vitest';
import { type Call, call, TOKEN, useMock } from './helpers.js';

const validator = createValidator(loadDescription());
const mock = useMock();
const roadmapAuth = `/api/v2/roadmap/${TOKEN}/auth/`;
const goodProfile = { name: 'علی رضایی', birth: '1990-04-21', is_male: true };

interface Want {
  status: number;
  code: string;
  field?: string;
}

// The interface's statuses for bad requests, never Prism's own 422 problem+json.
const cases: [string, Call, Want][] = [
  ['no API-KEY', { path: '/api/v2/record/', headers: { 'API-KEY': '' } }, { status: 401, code: 'missing_api_key' }],
  [
    'no API-KEY, unknown path too',
    { path: '/nope/', headers: { 'API-KEY': '' } },
    { status: 401, code: 'missing_api_key' },
  ],
  ['no /api/v2 prefix', { path: '/record/' }, { status: 404, code: 'not_found' }],
  ['another version', { path: '/api/v1/record/' }, { status: 404, code: 'not_found' }],
  ['unknown path', { path: '/api/v2/records/' }, { status: 404, code: 'not_found' }],
  ['no trailing slash', { path: `/api/v2/record/${TOKEN}` }, { status: 404, code: 'not_found' }],
  [
    'unsupported method',
    { method: 'DELETE', path: `/api/v2/record/${TOKEN}/` },
    { status: 405, code: 'method_not_allowed' },
  ],
  ['no trailing slash', { path: `/api/v2/record/${TOKEN}` }, { status: 404, code: 'not_found' }],
  ['unknown query parameter', { path: '/api/v2/record/?foo=1' }, { status: 400, code: 'invalid_parameter' }],
  ['malformed token', { path: '/api/v2/record/not-a-uuid/' }, { status: 400, code: 'invalid_parameter' }],
  ['filter out of range', { path: '/api/v2/record/?status=7' }, { status: 400, code: 'invalid_parameter' }],
  ['page size too big', { path: '/api/v2/record/?page_size=101' }, { status: 400, code: 'invalid_parameter' }],
  [
    'body not JSON',
    { method: 'POST', path: roadmapAuth, raw: '{"mobile":', headers: { 'Content-Type': 'application/json' } },
    { status: 400, code: 'invalid_body' },
  ],
  [
    'body of another type',
    {
      method: 'POST',
      path: roadmapAuth,
      raw: 'mobile=0912',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    },
    { status: 400, code: 'invalid_body' },
  ],
  ['no body', { method: 'POST', path: roadmapAuth }, { status: 400, code: 'invalid_body' }],
  [
    'body too large',
    {
      method: 'POST',
      path: roadmapAuth,
      raw: `"${'x'.repeat(BODY_LIMIT)}"`,
      headers: { 'Content-Type': 'application/json' },
    },
    { status: 413, code: 'body_too_large' },
  ],
  [
    'mobile not 09...',
    { method: 'POST', path: roadmapAuth, body: { mobile: '9121234567', roles: [{ id: 1, profile: goodProfile }] } },
    { status: 400, code: 'invalid_body', field: '/mobile' },
  ],
  [
    'no roles',
    { method: 'POST', path: roadmapAuth, body: { mobile: '09121234567', roles: [] } },
    { status: 400, code: 'invalid_body', field: '/roles' },
  ],
  [
    'Latin name',
    {
      method: 'POST',
      path: roadmapAuth,
      body: { mobile: '09121234567', roles: [{ id: 1, profile: { ...goodProfile, name: 'Ali' } }] },
    },
    { status: 400, code: 'invalid_profile', field: '/roles/0/profile/name' },
  ],
  [
    'name over 50 letters',
    {
      method: 'POST',
      path: roadmapAuth,
      body: { mobile: '09121234567', roles: [{ id: 1, profile: { ...goodProfile, name: 'ب'.repeat(51) } }] },
    },
    { status: 400, code: 'invalid_profile', field: '/roles/0/profile/name' },
  ],
  [
    'unexpected field',
    { method: 'POST', path: `/api/v2/record/${TOKEN}/`, body: { record: [1], extra: true } },
    { status: 400, code: 'invalid_body' },
  ],
  [
    'answers not a list',
    { method: 'POST', path: `/api/v2/record/${TOKEN}/`, body: { record: 'yes' } },
    { status: 400, code: 'invalid_body', field: '/record' },
  ],
  [
    'Prefer an undocumented status',
    { path: '/api/v2/record/', headers: { Prefer: 'code=418' } },
    { status: 400, code: 'invalid_prefer' },
  ],
];

describe('bad requests get the interface status inside the envelope', () => {
  it.each(cases)('%s', async (_, request, want) => {
    const res = await call(mock.url, request);
    expect(res.status).toBe(want.status);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(validator.validateSchema('ErrorEnvelope', res.json).issues).toEqual([]);
    expect(res.json.messages[0].code).toBe(want.code);
    if (want.field) expect(res.json.messages.map((m: { field?: string }) => m.field)).toContain(want.field);
  });

  it('asks Prism for a chosen error on a valid request', async () => {
    const res = await call(mock.url, {
      method: 'POST',
      path: `/api/v2/record/${TOKEN}/auth/`,
      body: { mobile: '09121234567', profile: goodProfile },
      headers: { Prefer: 'code=409, example=ErrorRoadmapRecord' },
    });
    expect([res.status, res.json.messages[0].code]).toEqual([409, 'roadmap_record']);
  });

  it('lets a browser front-end call it from another origin', async () => {
    const res = await fetch(`${mock.url}/api/v2/record/`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:3000',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'api-key',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    expect(res.headers.get('access-control-allow-headers')).toBe('api-key');
  });

  it('logs one line per request, without the API key', async () => {
    const before = mock.lines.length;
    await call(mock.url, { path: '/api/v2/record/?status=2', headers: { 'API-KEY': 'secret-key-123' } });
    const lines = mock.lines.slice(before);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^GET \/api\/v2\/record\/\?status=2 200 \d+ms$/);
    expect(mock.lines.join('\n')).not.toContain('secret-key-123');
  });
});
