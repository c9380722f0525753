import type { Check, CheckContext } from '../check.js';
import { add, drop, refuse, retype, revalue, stated, swap } from '../claims/make.js';
import type { Schemas } from '../described.js';
import { authenticateRoadmap, getRoadmap, type RoadmapData } from '../journey/roadmap.js';
import { dataOf, getRecord, questionsAndAnswers } from '../journey/steps.js';
import { Q, S } from '../quotes.js';
import type { Exchange } from '../types.js';

// external_id was not sent: a profile without one may leave it out.
const PROFILE_FIELDS = ['token', 'case_number', 'mobile', 'name', 'age', 'birth', 'is_male'];

export const roadmapAuth: Check = {
  id: 'roadmap-auth',
  title: "Roadmap authentication links each role's profile to its records, which can then be finished",
  statement:
    'States: Ready -> Authenticated by POST /roadmap/{token}/auth/ (+ verify with SMS); role profiles linked to every record',
  kind: 'journey',
  basis: [],
  needs: { roadmaps: 1 },
  requests: 16,
  claims: [
    stated('roadmap.tests_auth_required.echoed', S.record, Q.echoed, "the roadmap echoes its organizer's policy", [
      revalue('getRoadmap', '/data/tests_auth_required'),
      revalue('getRoadmap', '/data/tests_auth_required', { mode: 'instant' }),
    ]),
    stated('record.role.roadmap', S.record, Q.role, "a roadmap record's role is a role ID of its roadmap", [
      revalue('getRecord', '/data/role', { whenNot: ['/data/role', null] }),
    ]),
    stated('roadmap.roles', S.roadmap, Q.roadmapPayload, 'the payload has `roles`', [
      drop('getRoadmap', '/data/roles'),
    ]),
    stated('roadmap.roles.id', S.roadmap, Q.roadmapPayload, 'each role has an integer ID', [
      retype('getRoadmap', '/data/roles/*/id'),
    ]),
    stated('roadmap.test_records', S.roadmap, Q.roadmapPayload, 'the payload has `test_records`', [
      drop('getRoadmap', '/data/test_records'),
    ]),
    stated(
      'roadmap.test_records.belong',
      S.roadmap,
      Q.roadmapPayload,
      'its `test_records` are the records that belong to it',
      [swap('getRoadmap', '/data/test_records/*/role')],
    ),
    stated('roadmap.tests_auth_required', S.roadmap, Q.roadmapPayload, 'the payload has `tests_auth_required`', [
      drop('getRoadmap', '/data/tests_auth_required'),
    ]),
    stated('roadmap-auth.mobile.shared', S.postRoadmapTokenAuth, Q.mobile, "the mobile is every role profile's", [
      revalue('getRecord', '/data/profile/mobile', { when: ['/data/role', 2], whenNot: ['/data/profile', null] }),
      revalue('authenticateRoadmap', '/data/roles/*/profile/mobile', { mode: 'instant' }),
    ]),
    stated(
      'roadmap-auth.answer.tests_auth_required',
      S.postRoadmapTokenAuth,
      Q.always,
      '`tests_auth_required` always',
      [
        drop('authenticateRoadmap', '/data/tests_auth_required'),
        drop('authenticateRoadmap', '/data/tests_auth_required', { mode: 'instant' }),
        revalue('authenticateRoadmap', '/data/tests_auth_required'),
      ],
    ),
    stated(
      'roadmap-auth.answer.draft_token',
      S.postRoadmapTokenAuth,
      Q.roadmapAuthData,
      '`draft_token` a string when `true`',
      [drop('authenticateRoadmap', '/data/draft_token'), retype('authenticateRoadmap', '/data/draft_token')],
    ),
    stated(
      'roadmap-auth.answer.draft_token.only',
      S.postRoadmapTokenAuth,
      Q.roadmapAuthData,
      '`draft_token` only when `true`',
      [add('authenticateRoadmap', '/data/draft_token', 'f1c2a3b4-0000-4000-8000-000000000000', { mode: 'instant' })],
    ),
    stated('roadmap-auth.answer.roles', S.postRoadmapTokenAuth, Q.answerRoles, '`roles` when `false`', [
      drop('authenticateRoadmap', '/data/roles', { mode: 'instant' }),
      retype('authenticateRoadmap', '/data/roles', { mode: 'instant' }),
    ]),
    stated('roadmap-auth.answer.roles.only', S.postRoadmapTokenAuth, Q.answerRoles, '`roles` only when `false`', [
      add('authenticateRoadmap', '/data/roles', []),
    ]),
    stated(
      'roadmap-auth.answer.roles.role_id',
      S.postRoadmapTokenAuth,
      Q.answerRoles,
      "each item's `role_id` (integer), a role sent",
      [
        retype('authenticateRoadmap', '/data/roles/*/role_id', { mode: 'instant' }),
        revalue('authenticateRoadmap', '/data/roles/*/role_id', { value: 99, mode: 'instant' }),
      ],
    ),
    stated(
      'roadmap-auth.answer.roles.profile.token',
      S.postRoadmapTokenAuth,
      Q.answerRoles,
      "each item's profile has `token`",
      [drop('authenticateRoadmap', '/data/roles/*/profile/token', { mode: 'instant' })],
    ),
    stated(
      'roadmap-auth.answer.roles.profile.case_number',
      S.postRoadmapTokenAuth,
      Q.answerRoles,
      "each item's profile has `case_number`",
      [drop('authenticateRoadmap', '/data/roles/*/profile/case_number', { mode: 'instant' })],
    ),
    stated(
      'roadmap-auth.answer.roles.profile.mobile',
      S.postRoadmapTokenAuth,
      Q.answerRoles,
      "each item's profile has `mobile`",
      [drop('authenticateRoadmap', '/data/roles/*/profile/mobile', { mode: 'instant' })],
    ),
    stated(
      'roadmap-auth.answer.roles.profile.name',
      S.postRoadmapTokenAuth,
      Q.answerRoles,
      "each item's profile has `name`",
      [drop('authenticateRoadmap', '/data/roles/*/profile/name', { mode: 'instant' })],
    ),
    stated(
      'roadmap-auth.answer.roles.profile.age',
      S.postRoadmapTokenAuth,
      Q.answerRoles,
      "each item's profile has `age`",
      [drop('authenticateRoadmap', '/data/roles/*/profile/age', { mode: 'instant' })],
    ),
    stated(
      'roadmap-auth.answer.roles.profile.birth',
      S.postRoadmapTokenAuth,
      Q.answerRoles,
      "each item's profile has `birth`",
      [drop('authenticateRoadmap', '/data/roles/*/profile/birth', { mode: 'instant' })],
    ),
    stated(
      'roadmap-auth.answer.roles.profile.is_male',
      S.postRoadmapTokenAuth,
      Q.answerRoles,
      "each item's profile has `is_male`",
      [drop('authenticateRoadmap', '/data/roles/*/profile/is_male', { mode: 'instant' })],
    ),
    stated(
      'roadmap-auth.answer.roles.profile.sent',
      S.postRoadmapTokenAuth,
      Q.answerRoles,
      "each item's profile is the one sent for its role",
      [
        revalue('authenticateRoadmap', '/data/roles/*/profile/name', { mode: 'instant' }),
        revalue('authenticateRoadmap', '/data/roles/*/profile/birth', { value: '1990-02-03', mode: 'instant' }),
      ],
    ),
    stated(
      'roadmap.read',
      S.otherEndpointsReferredTo,
      Q.getRoadmap,
      'the roadmap is read with its roles, test_records and tests_auth_required',
      [refuse('getRoadmap', { value: 404 })],
    ),
    stated(
      'roadmap-verify.completes',
      S.otherEndpointsReferredTo,
      Q.verifyRoadmap,
      'the draft_token and the code complete roadmap authentication',
      [refuse('verifyRoadmapAuth', { couldNotRun: true })],
    ),
    stated(
      'state.roadmap.instant',
      S.statesAndTransitions,
      Q.instant,
      'instant roadmap auth links each role profile to every record of the role',
      [
        revalue('getRecord', '/data/profile', { value: null, whenNot: ['/data/role', null], mode: 'instant' }),
        refuse('authenticateRoadmap', { mode: 'instant' }),
      ],
    ),
    stated(
      'state.roadmap.sms',
      S.statesAndTransitions,
      Q.draft,
      'SMS roadmap auth: the first call returns a draft_token',
      [drop('authenticateRoadmap', '/data/draft_token'), refuse('authenticateRoadmap')],
    ),
    stated(
      'consistency.roles',
      S.consistencyBetweenAnswers,
      Q.roleMatch,
      'the roles sent are the roles returned, each record keeping its role',
      [
        swap('getRoadmap', '/data/test_records/*/role'),
        revalue('authenticateRoadmap', '/data/roles/*/role_id', { value: 99, mode: 'instant' }),
      ],
    ),
    stated(
      'consistency.mobile',
      S.consistencyBetweenAnswers,
      Q.mobileShared,
      "every role's profile carries the shared mobile",
      [revalue('getRecord', '/data/profile/mobile', { when: ['/data/role', 2], whenNot: ['/data/profile', null] })],
    ),
    stated('consistency.roadmap-records', S.consistencyBetweenAnswers, Q.belong, "a roadmap's records name its roles", [
      revalue('getRoadmap', '/data/test_records/*/role', { value: 7 }),
    ]),
  ],
  judges: ['rule.2.status', 'rule.2.auth_required', 'auth.instant', 'consistency.test_id'],
  async run(ctx) {
    const roadmap = await getRoadmap(ctx, await ctx.take('roadmaps'));
    if (!roadmap) return;
    const auth = await authenticateRoadmap(ctx, roadmap);
    answerOf(ctx, roadmap, auth.first, auth.body);
    if (!auth.ok) return;
    // Each record's state, role, policy, profile and questionnaire after it are the model's to judge (the
    // transition, and what the authentication sent held against every read): the check reads them.
    for (const entry of roadmap.test_records) {
      if (!(await getRecord(ctx, entry.token))) continue;
      const qa = await questionsAndAnswers(ctx, entry.token);
      if (!qa) continue;
      const submit = await ctx.call('submitAnswers', { params: { token: entry.token }, body: { record: qa.answers } });
      if (!ctx.expectStatus(submit, 200, 'submitting a roadmap record')) continue;
      // The submission's answer is not shown: what it says when it says it, else the record's detail.
      const said = dataOf<Schemas['TestRecord']>(submit)?.is_finished;
      const finished = typeof said === 'boolean' ? said : (await getRecord(ctx, entry.token))?.is_finished;
      ctx.expect(finished === true, 'a submitted roadmap record is finished', submit);
    }
  },
};

type Sent = Awaited<ReturnType<typeof authenticateRoadmap>>['body'];

/** The first call's `data`, by the interface's table: `tests_auth_required` always, `draft_token` only in SMS mode, `roles` only in instant mode. */
function answerOf(ctx: CheckContext, roadmap: RoadmapData, first: Exchange, sent: Sent) {
  if (first.response.status < 200 || first.response.status >= 300) return;
  const data = dataOf<Record<string, unknown>>(first) ?? {};
  const sms = roadmap.tests_auth_required;
  ctx.expect(
    data.tests_auth_required === sms,
    `the answer carries tests_auth_required (always), as the roadmap does (${sms}), got ${String(data.tests_auth_required)}`,
    first,
  );
  // Absent or null both say "not there": only a value is a departure.
  const has = (key: string) => data[key] !== undefined && data[key] !== null;
  if (sms) {
    ctx.expect(
      !has('roles'),
      'SMS mode: the answer carries no `roles` (only when tests_auth_required is false)',
      first,
    );
    return;
  }
  ctx.expect(!has('draft_token'), 'instant mode: the answer carries no `draft_token` (only when true)', first);
  const roles = data.roles as { role_id?: unknown; profile?: Record<string, unknown> }[] | undefined;
  if (!ctx.expect(Array.isArray(roles), 'instant mode: the answer carries `roles` (when false)', first) || !roles)
    return;
  const ids = roles.map((r) => r?.role_id);
  ctx.expect(
    ids.length === sent.roles.length && sent.roles.every((r) => ids.includes(r.id)),
    `the answer's roles are the roles sent (${sent.roles.map((r) => r.id).join(', ')}), got role_id ${ids.map(String).join(', ')}`,
    first,
  );
  for (const role of roles) {
    const p = role?.profile ?? {};
    const missing = PROFILE_FIELDS.filter((f) => !(f in p));
    // Whether it is the profile sent, with the shared mobile, the model's memory judges.
    ctx.expect(missing.length === 0, `role ${String(role?.role_id)}: the profile lacks ${missing.join(', ')}`, first);
  }
}
