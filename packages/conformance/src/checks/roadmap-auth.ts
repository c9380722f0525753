import type { Check } from '../check.js';
import { authenticateRoadmap, getRoadmap } from '../journey/roadmap.js';
import { dataOf, getRecord, questionsAndAnswers } from '../journey/steps.js';

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
    if (!auth.ok) return;
    for (const entry of roadmap.test_records) {
      const record = await getRecord(ctx, entry.token);
      if (!record) continue;
      const sent = auth.body.roles.find((r) => r.id === entry.role)?.profile;
      ctx.expect(record.role === entry.role, `record ${entry.token} keeps role ${entry.role}`);
      ctx.expect(
        record.status === 2 && record.auth_required === false,
        `rule 2: roadmap record ${entry.token} is authenticated`,
      );
      ctx.expect(
        record.profile?.name === sent?.name && record.profile?.birth === sent?.birth,
        `record ${entry.token} carries the profile of role ${entry.role}`,
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
      const said = dataOf<{ is_finished?: unknown }>(submit)?.is_finished;
      const finished = typeof said === 'boolean' ? said : (await getRecord(ctx, entry.token))?.is_finished;
      ctx.expect(finished === true, 'a submitted roadmap record is finished', submit);
    }
  },
};
