import { stated } from '../claims/make.js';
import { Q, S } from '../quotes.js';
import type { ResponseRule } from './rule.js';

export const contentType: ResponseRule = {
  id: 'response.content-type',
  title: 'Every response body is JSON',
  statement: 'Endpoints: bodies are JSON (Content-Type: application/json); responses use the envelope',
  grounds: [
    { part: 'the body is JSON', ground: { quotes: [Q.envelope, Q.responsesUseEnvelope] } },
    {
      part: 'the Content-Type header is application/json',
      ground: {
        assumed: "the interface states the request's Content-Type, not the response header",
        quotes: [Q.bodiesJson],
      },
    },
  ],
  claims: [
    stated('envelope.json', S.responseEnvelope, Q.responsesUseEnvelope, 'every answer is a JSON body', [], {
      noBreach:
        "a mutation of a JSON answer keeps it JSON: the bespoke fault 'questions answered by an HTML 502 page' proves it",
    }),
  ],
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
