import { refuse, stated } from '../claims/make.js';
import { Q, S } from '../quotes.js';
import type { ResponseRule } from './rule.js';

export const no5xx: ResponseRule = {
  id: 'response.no-5xx',
  title: 'No response is a 5xx',
  statement: 'Errors: the status codes are stated per operation (none is a 5xx); bad input gets a 400',
  grounds: [{ part: 'no status is a 5xx', ground: { quotes: [Q.statusesStated, Q.envelope] } }],
  claims: [
    stated('errors.no-5xx', S.errors, Q.statusesStated, 'no answer is a 5xx: every stated code is a 4xx', [
      refuse('getQuestions', { value: 500, via: ['questionnaire-test-id'] }),
    ]),
  ],
  verify: (exchange) =>
    exchange.response.status >= 500
      ? [{ message: `the server answered ${exchange.response.status}`, assumed: false }]
      : [],
};
