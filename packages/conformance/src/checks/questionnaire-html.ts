import { type Check, HarnessShortfall } from '../check.js';
import { add, retype, stated } from '../claims/make.js';
import { authenticateRecord, dataOf, getRecord } from '../journey/steps.js';
import { Q, S } from '../quotes.js';

export const questionnaireHtml: Check = {
  id: 'questionnaire-html',
  title: 'A test that uses an HTML template serves `{html: string}` only',
  statement: 'GET /record/{token}/questions/: HTML questionnaire, `{html: string}` only',
  kind: 'journey',
  basis: [],
  needs: { html: 1 },
  requests: 5,
  claims: [
    stated('questions.html.only', S.getRecordTokenQuestions, Q.htmlOnly, 'an HTML questionnaire is `{html}` only', [
      add('getQuestions', '/data/test_id', 'raven-html', { whenNot: ['/data/html', null] }),
    ]),
    stated('questions.html.string', S.getRecordTokenQuestions, Q.htmlOnly, '`html` a string', [
      retype('getQuestions', '/data/html', { whenNot: ['/data/html', null] }),
    ]),
  ],
  async run(ctx) {
    const record = await getRecord(ctx, await ctx.take('html'));
    if (!record) return;
    const auth = await authenticateRecord(ctx, record);
    if (!auth.ok) return;
    const exchange = await ctx.call('getQuestions', { params: { token: record.token } });
    if (!ctx.expectStatus(exchange, 200, 'the questionnaire of an authenticated record of an HTML test')) return;
    const data = dataOf<Record<string, unknown>>(exchange);
    const keys = Object.keys(data ?? {});
    // A JSON questionnaire here is the fixture's test, not the deployment's fault.
    if (typeof data?.html !== 'string' && Array.isArray(data?.questions))
      throw new HarnessShortfall(
        `record ${record.token} (test ${record.test_id}) serves a JSON questionnaire; records.html in the fixtures must be ready records of a test with an HTML questionnaire`,
      );
    ctx.expect(
      typeof data?.html === 'string' && keys.length === 1,
      `an HTML questionnaire is {html: string} only; got the fields ${keys.join(', ') || '(none)'}`,
      exchange,
      false,
    );
  },
};
