import type { Check } from '../check.js';
import type { Schemas } from '../described.js';
import { dataOf, finishedRecord } from '../journey/steps.js';

export const resultsAfterFinish: Check = {
  id: 'results-after-finish',
  title: 'A finished record serves its result',
  statement: 'States: Finished, results available via result endpoints',
  kind: 'journey',
  basis: ['getResult 200'],
  needs: { ready: 1 },
  requests: 7,
  async run(ctx) {
    const done = await finishedRecord(ctx);
    if (!done) return;
    const result = await ctx.call('getResult', { params: { token: done.record.token } });
    if (!ctx.expectStatus(result, 200, 'the result of a finished record')) return;
    ctx.expect(
      dataOf<Schemas['Result']>(result)?.test_id === done.record.test_id,
      "the result's test_id is the record's",
      result,
    );
  },
};
