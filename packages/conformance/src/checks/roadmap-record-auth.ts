import type { Check } from '../check.js';
import { accept, recode, stated } from '../claims/make.js';
import { profileFor } from '../journey/profile.js';
import { getRoadmap } from '../journey/roadmap.js';
import { getRecord, stateOf } from '../journey/steps.js';
import { expectLimit } from '../model/limits.js';
import { Q, S } from '../quotes.js';

export const roadmapRecordAuth: Check = {
  id: 'roadmap-record-auth',
  title: 'Record-level authentication of a roadmap record is refused with 409',
  statement: 'Rule 3: POST /record/{token}/auth/ on a roadmap record (non-null role) is rejected with 409',
  kind: 'journey',
  basis: [],
  needs: { roadmaps: 1 },
  requests: 4,
  claims: [
    stated(
      'state.ready.standalone',
      S.statesAndTransitions,
      Q.standalone,
      'record auth applies to standalone records only (rule 3)',
      [accept('authenticateRecord', ['roadmap_record'])],
    ),
    stated('rule.3', S.rules, Q.rule3, 'record auth of a roadmap record: 409', [
      accept('authenticateRecord', ['roadmap_record']),
      // Alone, our record-auth body is not known to be the deployment's: another code could be about it.
      recode('authenticateRecord', ['roadmap_record'], 400, { couldNotRun: true }),
    ]),
    stated('auth.roadmap-only', S.authentication, Q.only, 'roadmap records use only the roadmap auth', [
      accept('authenticateRecord', ['roadmap_record']),
    ]),
    stated(
      'error.record-auth.409',
      S.errRecordLevelAuthOnARoadmapRecord,
      Q.rr409,
      'record auth on a roadmap record: 409',
      [accept('authenticateRecord', ['roadmap_record'])],
    ),
  ],
  judges: ['record.role.roadmap'],
  async run(ctx) {
    const roadmap = await getRoadmap(ctx, await ctx.take('roadmaps'));
    const entry = roadmap?.test_records[0];
    if (!ctx.expect(entry !== undefined, 'a roadmap lists its test_records') || !entry) return;
    const record = await getRecord(ctx, entry.token);
    if (!record) return;
    ctx.expect(record.role !== null, 'a roadmap record has a non-null role');
    const body = { mobile: ctx.mobile(), profile: profileFor(ctx, record.test ?? {}) };
    const exchange = await ctx.call('authenticateRecord', { params: { token: record.token }, body });
    expectLimit(ctx, 'rule.3', exchange, 'record-level authentication of a roadmap record');
    const after = await getRecord(ctx, record.token);
    ctx.expect(
      after?.profile === null && after.auth_required === true,
      `the refused authentication links no profile to the roadmap record: want auth_required true and no profile; ${stateOf(after)}`,
      undefined,
      false,
    );
  },
};
