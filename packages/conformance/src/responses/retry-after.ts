import type { ResponseRule } from './rule.js';

export const retryAfter: ResponseRule = {
  id: 'response.retry-after',
  title: 'A 429 carries Retry-After in seconds',
  statement: 'Limits: API rate 100 per minute and 3,000 per hour; excess returns 429 (with Retry-After)',
  verify(exchange) {
    if (exchange.response.status !== 429) return [];
    const value = exchange.response.headers['retry-after'];
    if (value !== undefined && /^\d+$/.test(value) && Number(value) <= 3600) return [];
    // The header is the description's assumption (components/headers/RetryAfter: x-assumed).
    return [{ message: `429 with Retry-After ${value === undefined ? 'missing' : `"${value}"`}`, assumed: true }];
  },
};
