import type { Check } from '../check.js';
import { profileFor } from '../journey/profile.js';
import { getRoadmap } from '../journey/roadmap.js';
import { getRecord, stateOf } from '../journey/steps.js';

export const roadmapRecordAuth: Check = {
  id: 'roadmap-record-auth',
  title: 'Record-level authentication of a roadmap record is refused with 409',
  statement: 'Rule 3: POST /record/{token}/auth/ on a roadmap record (non-null role) is rejected with 409',
  kind: 'journey',
  basis: [],
  needs: { roadmaps: 1 },
  requests: 4,
  async run(ctx) {
    const roadmap = await getRoadmap(ctx, await ctx.take('roadmaps'));
    const entry = roadmap?.test_records[0];
    if (!ctx.expect(entry !== undefined, 'a roadmap lists its test_records') || !entry) return;
    const record = await getRecord(ctx, entry.token);
    if (!record) return;
    ctx.expect(record.role !== null, 'a roadmap record has a non-null role');
    const body = { mobile: ctx.mobile(), profile: profileFor(ctx.doc, record.test ?? {}, ctx.now()) };
    const exchange = await ctx.call('authenticateRecord', { params: { token: record.token }, body });
    ctx.expectRefused(exchange, 409, 'record-level authentication of a roadmap record', true);
    const after = await getRecord(ctx, record.token);
    ctx.expect(
      after?.profile === null && after.auth_required === true,
      `the refused authentication links no profile to the roadmap record: want auth_required true and no profile; ${stateOf(after)}`,
      undefined,
      false,
    );
  },
};
