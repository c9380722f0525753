// What one connection may cost each of our servers (the mock, the sandbox, the docs): stated once,
// set by createGuardedServer, named in each server's --help and README. The body bounds of the API
// servers live beside the request checks they belong to (@tas/openapi's BODY_LIMIT and MAX_DEPTH).

/** The request line and headers must arrive within this (a slow client holds no socket for long). */
export const HEADERS_TIMEOUT_MS = 20_000;

/** The whole request, body included, must arrive within this; later, 408 and the connection closed. */
export const REQUEST_TIMEOUT_MS = 60_000;

/** An idle kept-alive connection is closed after this. */
export const KEEP_ALIVE_TIMEOUT_MS = 5_000;

/**
 * An answer the client stops taking: a connection on which no byte of an answer under way is taken
 * for this long is closed and the answer's buffers let go (a client that stops reading holds nothing).
 */
export const SEND_TIMEOUT_MS = 20_000;

/** Header fields in one request (Apache's LimitRequestFields default); past it, 431 rather than some dropped. */
export const MAX_HEADERS = 100;

/** Connections open at once; past it node refuses new ones until some close. */
export const MAX_CONNECTIONS = 1024;

/**
 * Connections one client address may hold open at once, well below MAX_CONNECTIONS: past it a new
 * connection is answered 429 and closed, so one client's sockets leave room for every other client.
 */
export const MAX_CONNECTIONS_PER_CLIENT = 256;

/**
 * How often node looks for connections past their header or request deadline (its default, 30 s,
 * let "headers within 20 s" last up to 50 s).
 */
export const DEADLINE_CHECK_MS = 1_000;

/** A stop signal ends a server within this, busy or not: past it, the process exits without waiting for its close. */
export const STOP_TIMEOUT_MS = 5_000;

/** Every answer says what it is, so a browser never sniffs another type from its bytes. */
export const SECURITY_HEADERS: Record<string, string> = { 'X-Content-Type-Options': 'nosniff' };

/**
 * Bytes of request bodies one client address may have read and not yet answered (four bodies at the
 * API's 1 MiB limit): a reader past it is paused, its bytes left in the kernel, until one finishes.
 */
export const BODY_BYTES_PER_CLIENT = 4 * 1024 * 1024;

/** Bytes of bodies being read from all clients; past it each client reads within a fair share. */
export const BODY_BYTES_TOTAL = 64 * 1024 * 1024;

/** The bounds as `--help` and the READMEs state them. */
export const BOUNDS_TEXT = `Bounds: headers within ${HEADERS_TIMEOUT_MS / 1000} s, a whole request within ${REQUEST_TIMEOUT_MS / 1000} s (else 408), an answer the client takes nothing of for ${SEND_TIMEOUT_MS / 1000} s is dropped and its connection closed, at most ${MAX_HEADERS} header fields (else 431), idle connections closed after ${KEEP_ALIVE_TIMEOUT_MS / 1000} s, at most ${MAX_CONNECTIONS} connections at once, shared fairly between client addresses (at most ${MAX_CONNECTIONS_PER_CLIENT} from one, else 429; at the cap a newcomer under its share takes the slowest connection of the client holding most), bodies being read at most ${BODY_BYTES_PER_CLIENT / 1024 / 1024} MiB per client address and ${BODY_BYTES_TOTAL / 1024 / 1024} MiB in all (a reader past it waits), deadlines checked every ${DEADLINE_CHECK_MS / 1000} s; SIGINT or SIGTERM ends it within ${STOP_TIMEOUT_MS / 1000} s.`;
