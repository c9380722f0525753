import type { Check } from '../check.js';
import { accept, stated } from '../claims/make.js';
import { Q, S } from '../quotes.js';

const UNKNOWN = 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee';

export const unknownRecord: Check = {
  id: 'unknown-record',
  title: 'An unknown record or roadmap answers 404',
  statement:
    'Errors: GET /record/{token}/questions/ 404 test record not found; POST /roadmap/{token}/auth/ 404 roadmap not found',
  kind: 'journey',
  basis: [],
  requests: 2,
  claims: [
    stated('error.roadmap-auth.404.unknown', S.errPOSTRoadmapTokenAuth, Q.e404, 'roadmap not found: 404', [
      accept('authenticateRoadmap', ['not_found'], { bodyHas: '"mobile"' }),
    ]),
    stated('error.questions.404', S.errGETRecordTokenQuestions, Q.q404, 'test record not found: 404', [
      accept('getQuestions', ['not_found']),
    ]),
  ],
  async run(ctx) {
    const questions = await ctx.call('getQuestions', { params: { token: UNKNOWN } });
    ctx.expectRefused(questions, 404, 'questions of an unknown record', true);
    const example = Object.values(ctx.operation('authenticateRoadmap').requestBody?.examples ?? {})[0];
    const auth = await ctx.call('authenticateRoadmap', { params: { token: UNKNOWN }, unchecked: example });
    ctx.expectRefused(auth, 404, 'authentication of an unknown roadmap', true);
  },
};
