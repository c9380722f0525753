import type { CheckContext } from '../check.js';
import { isSuccess } from '../types.js';
import { profileFor, type TestRules } from './profile.js';
import { dataOf, getRecord, type RecordData } from './steps.js';

export interface RoadmapData {
  token: string;
  roles: { id: number; title?: string }[];
  test_records: RecordData[];
  tests_auth_required: boolean;
  auth_required?: boolean;
}

/** GET /roadmap/{token}/, expecting 200. */
export async function getRoadmap(ctx: CheckContext, token: string): Promise<RoadmapData | undefined> {
  const exchange = await ctx.call('getRoadmap', { params: { token } });
  return ctx.expectStatus(exchange, 200, 'the roadmap') ? dataOf<RoadmapData>(exchange) : undefined;
}

/** The body of a roadmap authentication: per role, a profile every record of the role accepts. */
export async function roadmapAuthBody(ctx: CheckContext, roadmap: RoadmapData) {
  const roles = [];
  for (const role of roadmap.roles) {
    const rules: TestRules[] = [];
    for (const record of roadmap.test_records.filter((r) => r.role === role.id)) {
      const detail = await getRecord(ctx, record.token);
      if (detail?.test) rules.push(detail.test);
    }
    roles.push({ id: role.id, profile: profileFor(ctx.doc, narrowest(rules), ctx.now()) });
  }
  return { mobile: ctx.mobile(), roles };
}

/** Authenticates every role of a roadmap, instantly or with the draft token and SMS code. */
export async function authenticateRoadmap(ctx: CheckContext, roadmap: RoadmapData) {
  const body = await roadmapAuthBody(ctx, roadmap);
  const first = await ctx.call('authenticateRoadmap', { params: { token: roadmap.token }, body });
  let last = first;
  if (ctx.expectStatus(first, 200, 'roadmap authentication') && roadmap.tests_auth_required) {
    const draft = dataOf<{ draft_token?: string }>(first)?.draft_token;
    ctx.expect(typeof draft === 'string', 'SMS mode: roadmap authentication returns a draft_token', first);
    const code = await ctx.smsCode({ mobile: body.mobile, token: roadmap.token, purpose: 'roadmap' });
    last = await ctx.call('verifyRoadmapAuth', {
      params: { token: roadmap.token },
      body: { draft_token: draft ?? '', code },
    });
    ctx.expectStatus(last, 200, 'roadmap verification with the draft token and SMS code');
  }
  return { body, first, last, ok: isSuccess(last.response.status) };
}

function narrowest(rules: TestRules[]): TestRules {
  const mins = rules.map((r) => r.min_age).filter((n): n is number => typeof n === 'number');
  const maxes = rules.map((r) => r.max_age).filter((n): n is number => typeof n === 'number');
  const genders = rules.map((r) => r.gender_permission).filter((g) => g && g !== 'all');
  return {
    min_age: mins.length ? Math.max(...mins) : null,
    max_age: maxes.length ? Math.min(...maxes) : null,
    gender_permission: genders[0] ?? 'all',
  };
}
