import type { ResponseRule } from './rule.js';

export const documentedStatus: ResponseRule = {
  id: 'response.documented-status',
  title: 'Every status is one the operation documents',
  statement: 'Errors: the status codes below are stated per operation',
  verify(exchange, { operation }) {
    const status = exchange.response.status;
    if (!operation || status >= 500 || operation.responses[String(status)]) return [];
    const documented = Object.keys(operation.responses).join(', ');
    return [{ message: `${operation.operationId} answered ${status}; it documents ${documented}`, assumed: false }];
  },
};
