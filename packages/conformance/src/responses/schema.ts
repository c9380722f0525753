import { closestBranch } from '../grounds/branches.js';
import { issueAssumed } from '../grounds/issues.js';
import { UNSHOWN_PAYLOADS } from '../grounds/presence.js';
import { isSuccess } from '../types.js';
import type { ResponseRule } from './rule.js';

export const schema: ResponseRule = {
  id: 'response.schema',
  title: 'Every body fits the schema the description gives for its operation and status',
  statement: 'Resources and their fields (types, formats, required fields) as described per operation',
  verify(exchange, { operation, validator, doc, assumptions }) {
    const { json, status: got } = exchange.response;
    if (!operation || json === undefined) return [];
    // Another success code (201 for 200) carries the same payload: judged by the documented success's schema.
    const success = Object.keys(operation.responses).map(Number).find(isSuccess);
    const status = operation.responses[String(got)] || !isSuccess(got) || success === undefined ? got : success;
    const spec = operation.responses[String(status)];
    if (!spec?.schemaPointer) return [];
    const root = spec.schemaPointer;
    const issues = closestBranch(doc, validator.validateResponse(operation, status, json).issues);
    // Each issue judged at its own place: stated where the interface names the field, assumed elsewhere.
    const unshown = isSuccess(got) && UNSHOWN_PAYLOADS.has(operation.operationId);
    return issues.map((issue) => ({
      message: `${operation.operationId} ${got}: ${issue.message}`,
      path: issue.path,
      assumed:
        got >= 400 ||
        (unshown && issue.keyword === 'required' && issue.path.startsWith('/data')) ||
        issueAssumed(doc, assumptions, root, issue, issues),
    }));
  },
};
