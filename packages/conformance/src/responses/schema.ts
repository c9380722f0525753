import { issueAssumed } from '../grounds/issues.js';
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
    const { issues } = validator.validateResponse(operation, status, json);
    // Each issue judged at its own place: stated where the interface names the field, assumed elsewhere.
    return issues.map((issue) => ({
      message: `${operation.operationId} ${status}: ${issue.message}`,
      path: issue.path,
      assumed: status >= 400 || issueAssumed(doc, assumptions, root, issue, issues),
    }));
  },
};
