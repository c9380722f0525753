import { issueIsAssumed } from './assumed-at.js';
import type { ResponseRule } from './rule.js';

export const schema: ResponseRule = {
  id: 'response.schema',
  title: 'Every body fits the schema the description gives for its operation and status',
  statement: 'Resources and their fields (types, formats, required fields) as described per operation',
  verify(exchange, { operation, validator, doc, assumptions }) {
    const { json, status } = exchange.response;
    const spec = operation?.responses[String(status)];
    if (!operation || !spec?.schemaPointer || json === undefined) return [];
    const root = spec.schemaPointer;
    return validator.validateResponse(operation, status, json).issues.map((issue) => ({
      message: `${operation.operationId} ${status}: ${issue.message}`,
      assumed: issueIsAssumed(doc, assumptions, root, issue),
    }));
  },
};
