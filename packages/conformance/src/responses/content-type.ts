import type { ResponseRule } from './rule.js';

export const contentType: ResponseRule = {
  id: 'response.content-type',
  title: 'Every response body is JSON',
  statement: 'Endpoints: bodies are JSON (Content-Type: application/json); responses use the envelope',
  verify(exchange) {
    const type = exchange.response.headers['content-type'] ?? '';
    if (/^application\/json\b/i.test(type) && exchange.response.json !== undefined) return [];
    const why = /^application\/json\b/i.test(type) ? 'the body is not valid JSON' : `Content-Type is "${type}"`;
    return [{ message: `${why}; want application/json`, assumed: false }];
  },
};
