import { assumed } from '../claims/make.js';
import { Q, S } from '../quotes.js';
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
  grounds: [
    {
      part: "a success status other than the description's (201 for 200): still a success",
      ground: { assumed: 'the interface states no success status', quotes: [Q.statusesStated] },
    },
    {
      part: "an error status the description does not document (a cause the interface's tables do not list, a call without a valid key); a wrong code for a listed cause fails the check that sends it",
      ground: { assumed: 'the description chose these statuses', quotes: [Q.noKeyBehaviour] },
    },
  ],
  claims: [
    assumed(
      'errors.documented',
      S.errors,
      Q.statusesStated,
      "a status beyond the operation's table is the description's choice",
      [],
      {
        noBreach:
          'another 4xx for an unlisted cause is a conformant choice: the suite is tested against deployments that answer 403 and 415 where the description has 401 and 400 (they pass)',
      },
    ),
  ],
  verify(exchange, { operation, described }) {
    const status = exchange.response.status;
    if (!operation || status >= 500 || operation.responses[String(status)]) return [];
    // A status the profile names for the operation is the deployment's own choice.
    if (described?.(operation.operationId).includes(status)) return [];
    const documented = Object.keys(operation.responses).join(', ');
    return [
      {
        message: `${operation.operationId} answered ${status}; the description documents ${documented}`,
        assumed: true,
      },
    ];
  },
};
