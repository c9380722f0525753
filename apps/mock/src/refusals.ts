import type { ServerRefusal } from '@tas/serve';

/** The mock's own codes (a live deployment has none of them), as the docs' errors page lists them. */
export const MOCK_REFUSALS: ServerRefusal[] = [
  {
    code: 'incomplete_body',
    statuses: [400],
    cause: 'The request body ended before its `Content-Length`.',
    fix: 'Send the whole body, as long as its `Content-Length` says.',
  },
  {
    code: 'invalid_prefer',
    statuses: [400],
    cause:
      'A `Prefer` the operation cannot honour: a status or example it does not have, or a preference the mock does not read.',
    fix: 'Use `Prefer: code=STATUS, example=NAME` with a status and an example of that operation: the message lists them.',
  },
  {
    code: 'mock_error',
    statuses: [500],
    cause: 'The mock could not make an answer from the description; the text says why.',
    fix: 'Ask for another example, or report the description: the mock answers only what it describes.',
  },
];
