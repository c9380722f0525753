import type { Check, CheckContext } from '../check.js';
import type { Schemas } from '../described.js';
import { authenticateRoadmap, getRoadmap, type RoadmapData } from '../journey/roadmap.js';
import { dataOf, getRecord, questionsAndAnswers } from '../journey/steps.js';
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
  async run(ctx) {
    const roadmap = await getRoadmap(ctx, await ctx.take('roadmaps'));
    if (!roadmap) return;
    const auth = await authenticateRoadmap(ctx, roadmap);
    answerOf(ctx, roadmap, auth.first, auth.body);
    if (!auth.ok) return;
    for (const entry of roadmap.test_records) {
      const record = await getRecord(ctx, entry.token);
      if (!record) continue;
      const sent = auth.body.roles.find((r) => r.id === entry.role)?.profile;
      ctx.expect(record.token === entry.token, `the roadmap's record ${entry.token} reads as ${record.token}`);
      ctx.expect(record.role === entry.role, `record ${entry.token} keeps role ${entry.role}`);
      ctx.expect(
        record.tests_auth_required === roadmap.tests_auth_required,
        `the organizer's policy is echoed alike: the roadmap says tests_auth_required ${roadmap.tests_auth_required}, its record ${record.tests_auth_required}`,
      );
      ctx.expect(
        record.status === 2 && record.auth_required === false,
        `rule 2: roadmap record ${entry.token} is authenticated`,
      );
      ctx.expect(
        record.profile?.name === sent?.name &&
          record.profile?.birth === sent?.birth &&
          record.profile?.is_male === sent?.is_male,
        `record ${entry.token} carries the profile of role ${entry.role}`,
      );
      ctx.expect(
        record.profile?.mobile === auth.body.mobile,
        `record ${entry.token} (role ${entry.role}) carries the mobile shared by all role profiles (${auth.body.mobile}), got ${record.profile?.mobile}`,
      );
      const qa = await questionsAndAnswers(ctx, entry.token);
      if (!qa) continue;
      ctx.expect(
        qa.questionnaire?.test_id === record.test_id,
        "the questionnaire's test_id equals the record's",
        qa.exchange,
      );
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
    ctx.expect(missing.length === 0, `role ${String(role?.role_id)}: the profile lacks ${missing.join(', ')}`, first);
    const mine = sent.roles.find((r) => r.id === role?.role_id)?.profile;
    if (!mine) continue;
    ctx.expect(
      p.name === mine.name && p.birth === mine.birth && p.is_male === mine.is_male && p.mobile === sent.mobile,
      `role ${String(role?.role_id)}: the profile returned is the one sent, with the shared mobile`,
      first,
    );
  }
}
