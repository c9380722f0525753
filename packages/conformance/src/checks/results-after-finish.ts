import type { Check } from '../check.js';
import { assumed, refuse, revalue } from '../claims/make.js';
import type { Schemas } from '../described.js';
import { dataOf, finishedRecord } from '../journey/steps.js';
import { Q, S } from '../quotes.js';

export const resultsAfterFinish: Check = {
  id: 'results-after-finish',
  title: 'A finished record serves its result',
  statement: 'States: Finished, results available via result endpoints',
  kind: 'journey',
  basis: ['getResult 200'],
  needs: { ready: 1 },
  requests: 7,
  claims: [
    assumed(
      'results.serve',
      S.otherEndpointsReferredTo,
      Q.results,
      'results of a finished record are served (at a path the description chose: paths not shown)',
      [
        refuse('getResult', { value: 404, couldNotRun: true }),
        revalue('getResult', '/data/test_id', { via: ['results-after-finish'] }),
      ],
    ),
  ],
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
