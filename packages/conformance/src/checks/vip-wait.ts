import type { Check } from '../check.js';
import { getRecord } from '../journey/steps.js';

export const vipWait: Check = {
  id: 'vip-wait',
  title: 'A record in VIP wait shows status 0 and refuses its questions with 403',
  statement: 'States: VIP wait (status 0); GET /record/{token}/questions/ 403 VIP prerequisite not met',
  kind: 'journey',
  basis: [],
  needs: { vipWait: 1 },
  requests: 2,
  async run(ctx) {
    const record = await getRecord(ctx, await ctx.take('vipWait'));
    if (!record) return;
    ctx.expect(record.status === 0, `a record in VIP wait has status 0, not ${record.status}`);
    ctx.expectRefused(
      await ctx.call('getQuestions', { params: { token: record.token } }),
      403,
      'questions in VIP wait',
      true,
    );
  },
};
