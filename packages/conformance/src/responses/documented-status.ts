import type { ResponseRule } from './rule.js';

/** Operations whose error statuses the interface lists in a table of its own (Errors). */
const LISTED = new Set(['authenticateRoadmap', 'getQuestions']);

export const documentedStatus: ResponseRule = {
  id: 'response.documented-status',
  title: 'Every status is one the operation documents',
  statement: 'Errors: the status codes below are stated per operation',
  verify(exchange, { operation }) {
    const status = exchange.response.status;
    if (!operation || status >= 500 || operation.responses[String(status)]) return [];
    const documented = Object.keys(operation.responses).join(', ');
    // Stated only where the interface lists the operation's errors and the call carried an organizer's key:
    // the behaviour without a valid key is "not shown", and so are the other operations' errors.
    const key = exchange.request.key;
    const stated = LISTED.has(operation.operationId) && (key === 'main' || key === 'other');
    return [{ message: `${operation.operationId} answered ${status}; it documents ${documented}`, assumed: !stated }];
  },
};
