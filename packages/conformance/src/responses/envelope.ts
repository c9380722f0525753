import { drop, retype, revalue, stated } from '../claims/make.js';
import { issueAssumed } from '../grounds/issues.js';
import { Q, S } from '../quotes.js';
import type { ResponseRule } from './rule.js';

const ROOT = '/components/schemas/Envelope';

export const envelope: ResponseRule = {
  id: 'response.envelope',
  title: 'Every response uses the envelope {data, successful, messages}',
  statement: 'Response envelope: every response uses the same envelope (data, successful, messages)',
  grounds: [
    {
      part: '`data`, `successful` (boolean) and `messages` (array) present',
      ground: { quotes: [Q.envelope, Q.data, Q.successful, Q.messages] },
    },
    { part: '`successful` agrees with the status (true on 2xx)', ground: { quotes: [Q.successful] } },
    { part: 'the shape of each item of `messages`', ground: { assumed: 'Message', quotes: [Q.errorBodies] } },
    { part: 'at most 100 `messages`', ground: { assumed: 'a size bound of the description', quotes: [] } },
  ],
  claims: [
    stated('envelope.data', S.responseEnvelope, Q.data, '`data` is an object', [
      drop('getRecord', '/data', { via: ['record-auth'] }),
      retype('getRecord', '/data', { via: ['record-auth'] }),
    ]),
    stated('envelope.successful', S.responseEnvelope, Q.successful, '`successful` is a boolean', [
      drop('getRecord', '/successful', { via: ['record-auth'] }),
      retype('getRecord', '/successful', { via: ['record-auth'] }),
    ]),
    stated('envelope.successful.outcome', S.responseEnvelope, Q.successful, '`successful` tells the outcome', [
      revalue('getRecord', '/successful', { via: ['record-auth'] }),
      revalue('getQuestions', '/successful', { errors: true, via: ['unknown-record'] }),
    ]),
    stated('envelope.messages', S.responseEnvelope, Q.messages, '`messages` is an array', [
      drop('getRecord', '/messages', { via: ['record-auth'] }),
      retype('getRecord', '/messages', { via: ['record-auth'] }),
    ]),
    stated('envelope.every-response', S.responseEnvelope, Q.envelope, 'error answers carry the envelope too', [
      drop('getQuestions', '/messages', { errors: true, via: ['unknown-record'] }),
    ]),
  ],
  verify(exchange, { validator, doc, assumptions }) {
    const { json, status } = exchange.response;
    if (json === undefined) return [];
    const result = validator.validateSchema('Envelope', json);
    // `messages` is an array (stated); the shape of its items is the description's (Message: x-assumed).
    const findings = result.issues.map((i) => ({
      message: `envelope: ${i.message}`,
      assumed: issueAssumed(doc, assumptions, ROOT, i, result.issues),
    }));
    const successful = (json as { successful?: unknown }).successful;
    if (typeof successful === 'boolean' && successful !== status < 300)
      findings.push({ message: `status ${status} with successful: ${String(successful)}`, assumed: false });
    return findings;
  },
};
