import type { Check } from '../check.js';
import { getRecord } from '../journey/steps.js';

export const questionsBeforeAuth: Check = {
  id: 'questions-before-auth',
  title: 'A ready record (not authenticated) refuses its questions with 403',
  statement: 'GET /record/{token}/questions/ Errors: 403 profile authentication prerequisite not met',
  kind: 'journey',
  basis: [],
  needs: { ready: 1 },
  requests: 2,
  async run(ctx) {
    const record = await getRecord(ctx, await ctx.take('ready'));
    if (!record) return;
    ctx.expect(
      record.status === 2 && record.auth_required === true,
      'a fresh record is ready (status 2, auth_required true)',
    );
    const exchange = await ctx.call('getQuestions', { params: { token: record.token } });
    ctx.expectRefused(exchange, 403, 'questions before authentication', true);
  },
};
