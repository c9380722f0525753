import type { ResponseRule } from './rule.js';

export const contentType: ResponseRule = {
  id: 'response.content-type',
  title: 'Every response body is JSON',
  statement: 'Endpoints: bodies are JSON (Content-Type: application/json); responses use the envelope',
  verify(exchange) {
    const type = exchange.response.headers['content-type'] ?? '';
    const jsonType = /^application\/json\b/i.test(type);
    if (jsonType && exchange.response.json !== undefined) return [];
    // A body that is not JSON is no envelope (stated); a JSON body under another header, the description's choice.
    if (exchange.response.json === undefined)
      return [
        {
          message: `${jsonType ? 'the body is not valid JSON' : `Content-Type is "${type}"`}; want application/json`,
          assumed: false,
        },
      ];
    return [{ message: `Content-Type is "${type}"; want application/json`, assumed: true }];
  },
};
