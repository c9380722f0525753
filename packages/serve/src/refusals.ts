// What every server of ours refuses before any operation of its own (createGuardedServer, node's
// parser): each code with its statuses, its cause and its fix, as the docs' errors page lists them.

export interface ServerRefusal {
  code: string;
  statuses: number[];
  cause: string;
  fix: string;
}

export const GUARD_REFUSALS: ServerRefusal[] = [
  {
    code: 'bad_request',
    statuses: [400],
    cause:
      'The request is not valid HTTP/1.1: a bad request line or header, a missing Host, a target that is not a path.',
    fix: 'Send a well-formed HTTP/1.1 request: a request line, a `Host` header, a path.',
  },
  {
    code: 'headers_too_large',
    statuses: [431],
    cause: 'The request line and headers pass 16 kB.',
    fix: 'Send shorter headers and URLs.',
  },
  {
    code: 'too_large',
    statuses: [413],
    cause: "A chunked body's chunk extensions are too large.",
    fix: 'Send the body without chunk extensions (or with `Content-Length`).',
  },
  {
    code: 'request_timeout',
    statuses: [408],
    cause: 'The whole request did not arrive within 60 s (the headers within 20 s).',
    fix: 'Send the whole request at once; do not hold a connection open mid-request.',
  },
  {
    code: 'expectation_failed',
    statuses: [417],
    cause: 'An `Expect` header other than `100-continue`.',
    fix: 'Leave out `Expect`, or send `Expect: 100-continue`.',
  },
  {
    code: 'method_not_allowed',
    statuses: [405],
    cause: 'A method the path does not take (`Allow` names those it does), or `CONNECT`.',
    fix: 'Use a method the path takes: the `Allow` header lists them.',
  },
  {
    code: 'internal_error',
    statuses: [500],
    cause: "A fault of the server's own; it is logged.",
    fix: 'Try again later; if it stays, report it with the time and the request.',
  },
  {
    code: 'too_many_connections',
    statuses: [429],
    cause: 'One client address holds as many connections as one client may (256); the new one is closed.',
    fix: 'Reuse connections (keep-alive) and close those you no longer need.',
  },
];
