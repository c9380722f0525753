import type { ResponseRule } from './rule.js';

export const no5xx: ResponseRule = {
  id: 'response.no-5xx',
  title: 'No response is a 5xx',
  statement: 'Errors: the status codes are stated per operation (none is a 5xx); bad input gets a 400',
  verify: (exchange) =>
    exchange.response.status >= 500
      ? [{ message: `the server answered ${exchange.response.status}`, assumed: false }]
      : [],
};
