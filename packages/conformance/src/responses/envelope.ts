import type { ResponseRule } from './rule.js';

export const envelope: ResponseRule = {
  id: 'response.envelope',
  title: 'Every response uses the envelope {data, successful, messages}',
  statement: 'Response envelope: every response uses the same envelope (data, successful, messages)',
  verify(exchange, { validator }) {
    const { json, status } = exchange.response;
    if (json === undefined) return [];
    const result = validator.validateSchema('Envelope', json);
    const findings = result.issues.map((i) => ({ message: `envelope: ${i.message}`, assumed: false }));
    const successful = (json as { successful?: unknown }).successful;
    if (result.valid && successful !== status < 300)
      findings.push({ message: `status ${status} with successful: ${String(successful)}`, assumed: false });
    return findings;
  },
};
