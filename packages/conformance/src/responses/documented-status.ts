import type { ResponseRule } from './rule.js';

/**
 * A status the description does not document for the operation. Always assumed: the interface
 * states no success status, and its errors tables give codes for the causes they list; a wrong code
 * for one of those causes is failed by the check that sends that cause (expectRefused with the code
 * stated), while a cause the interface does not list (a non-JSON body: 415) may get any 4xx.
 */
export const documentedStatus: ResponseRule = {
  id: 'response.documented-status',
  title: 'Every status is one the operation documents',
  statement: 'Errors: the status codes below are stated per operation',
  verify(exchange, { operation }) {
    const status = exchange.response.status;
    if (!operation || status >= 500 || operation.responses[String(status)]) return [];
    const documented = Object.keys(operation.responses).join(', ');
    return [
      {
        message: `${operation.operationId} answered ${status}; the description documents ${documented}`,
        assumed: true,
      },
    ];
  },
};
