import { issueAssumed } from '../grounds/issues.js';
import type { ResponseRule } from './rule.js';

const ROOT = '/components/schemas/Envelope';

export const envelope: ResponseRule = {
  id: 'response.envelope',
  title: 'Every response uses the envelope {data, successful, messages}',
  statement: 'Response envelope: every response uses the same envelope (data, successful, messages)',
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
