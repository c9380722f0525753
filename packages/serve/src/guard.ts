import { createServer, type IncomingMessage, type Server, type ServerResponse, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import {
  DEADLINE_CHECK_MS,
  HEADERS_TIMEOUT_MS,
  KEEP_ALIVE_TIMEOUT_MS,
  MAX_CONNECTIONS,
  MAX_CONNECTIONS_PER_CLIENT,
  MAX_HEADERS,
  REQUEST_TIMEOUT_MS,
  SECURITY_HEADERS,
  SEND_TIMEOUT_MS,
} from './bounds.js';
import { noteClient } from './client-address.js';
import { createClientTable } from './clients.js';
import { SLICE_BYTES, sliceLargeEnds } from './slices.js';
import { unsentBytes } from './tcp/unsent.js';

/** Why a request is refused or failed: a machine code and a human text, as the envelope's messages. */
export interface Reason {
  code: string;
  text: string;
}

export interface Answer {
  contentType: string;
  body: string;
}

export interface GuardOptions {
  /** The body of an answer given outside the handler (a refusal of node's parser, a fault of the handler). */
  answer: (status: number, reason: Reason) => Answer;
  /** Receives a line per refusal of node's parser. */
  log: (line: string) => void;
  /** Receives a handler's fault with its stack; default `log`. */
  fault?: (line: string) => void;
  /** How long an answer may wait on a client that takes nothing of it; default SEND_TIMEOUT_MS (stated). */
  sendTimeoutMs?: number;
  /** The request line and headers must arrive within this; default HEADERS_TIMEOUT_MS (stated). */
  headersTimeoutMs?: number;
  /** Connections one client address may hold; default MAX_CONNECTIONS_PER_CLIENT (stated). */
  perClient?: number;
  /** Connections open at once, shared fairly between clients; default MAX_CONNECTIONS (stated). */
  maxConnections?: number;
  /** Addresses held to no client's share (a proxy the host trusts, which bounds its own clients). */
  trusted?: (address: string) => boolean;
}

export type Handler = (req: IncomingMessage, res: ServerResponse) => unknown;

// What node's parser may refuse, by its error code; any other parse error is a 400.
const REFUSED: Record<string, [number, Reason]> = {
  HPE_HEADER_OVERFLOW: [431, { code: 'headers_too_large', text: 'The request line and headers are too large.' }],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [413, { code: 'too_large', text: 'The chunk extensions are too large.' }],
  ERR_HTTP_REQUEST_TIMEOUT: [408, { code: 'request_timeout', text: 'The request did not arrive in time.' }],
};
const NO_HOST: Reason = { code: 'bad_request', text: 'An HTTP/1.1 request needs a Host header.' };
const TWO_HOSTS: Reason = { code: 'bad_request', text: 'A request has one Host header; this one has several.' };
const TOO_MANY_HEADERS: Reason = {
  code: 'headers_too_large',
  text: `A request has at most ${MAX_HEADERS} header fields; this one has more.`,
};
const TUNNEL: Reason = { code: 'method_not_allowed', text: 'CONNECT is not served here.' };
const FAULT: Reason = { code: 'internal_error', text: 'The server failed on this request; see its log.' };
const crowded = (n: number): Reason => ({
  code: 'too_many_connections',
  text: `This client address has ${n} connections open, its share of the server's; reuse or close one.`,
});

/**
 * An http.Server whose handler cannot bring it down: an error thrown (or rejected) inside one
 * request is logged and answered 500, and what node's parser refuses (bad request line, unknown
 * method, a body cut short) is answered in the server's own words rather than node's bare default.
 */
export function createGuardedServer(handler: Handler, o: GuardOptions): Server {
  const sendTimeoutMs = o.sendTimeoutMs ?? SEND_TIMEOUT_MS;
  const perClient = o.perClient ?? MAX_CONNECTIONS_PER_CLIENT;
  const clients = createClientTable(o.maxConnections ?? MAX_CONNECTIONS, perClient, o.trusted ?? (() => false));
  // The exchange under way on a socket, for a parse error that arrives while it is answered.
  const inFlight = new WeakMap<Duplex, { req: IncomingMessage; res: ServerResponse }>();
  // Sockets refused as one client's too many: whatever they send is never handled.
  const crowd = new WeakSet<Duplex>();
  // Node answers a missing Host with a bare 400 of its own; this server says it in its own words.
  const server = createServer(
    { requireHostHeader: false, connectionsCheckingInterval: DEADLINE_CHECK_MS },
    (req, res) => {
      if (crowd.has(req.socket)) return void req.socket.destroy();
      inFlight.set(req.socket, { req, res });
      if (o.trusted) noteClient(req, o.trusted);
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
      // Pipelined requests share a socket: only the newest response's end clears it.
      res.once('finish', () => inFlight.get(req.socket)?.res === res && inFlight.delete(req.socket));
      const fail = (error: unknown) => {
        (o.fault ?? o.log)(`internal error on ${req.method} ${req.url}: ${(error as Error)?.stack ?? String(error)}`);
        if (res.writableEnded) return;
        if (res.headersSent) res.destroy();
        else send(res, 500, o.answer(500, FAULT));
      };
      const refusal = checkHeaders(req);
      if (refusal) {
        req.resume();
        send(res, refusal[0], o.answer(...refusal), { Connection: 'close' });
        return;
      }
      sliceLargeEnds(res);
      try {
        const done = handler(req, res);
        if (done instanceof Promise) done.catch(fail);
      } catch (error) {
        fail(error);
      }
    },
  );
  // A client that half-closes after its request still gets the answer: by default node aborts the
  // request on the client's end, so an answer still being read from disk (or Prism) was never sent
  // (node's own http.Server field, read in its socketOnEnd; @types/node does not list it).
  (server as Server & { httpAllowHalfOpen: boolean }).httpAllowHalfOpen = true;
  // What a connection may cost (bounds.ts): node's defaults let a stalled upload hold memory 5 minutes.
  server.headersTimeout = o.headersTimeoutMs ?? HEADERS_TIMEOUT_MS;
  server.requestTimeout = Math.max(REQUEST_TIMEOUT_MS, server.headersTimeout);
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  // Node's own cap drops a newcomer unseen; ours (below) makes room for it, so node's is a backstop.
  server.maxConnections = 2 * (o.maxConnections ?? MAX_CONNECTIONS);
  // One more than the bound, so that a request past it is seen (node drops the rest silently).
  server.maxHeadersCount = MAX_HEADERS + 1;
  // A socket that neither takes nor gives a byte for SEND_TIMEOUT_MS (or idle for KEEP_ALIVE_TIMEOUT_MS
  // after an answer): node then asks its 'timeout' listeners. An answer waiting on the client is
  // dropped, which lets its buffers go; a handler still at work (nothing queued) is left alone.
  server.timeout = sendTimeoutMs;
  server.on('timeout', (socket: Socket) => {
    const res = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
    const working = res && !res.writableFinished && socket.writableLength === 0;
    if (working) return;
    if (res) return stalled(socket);
    // Only an answer larger than a slice can have been left unread in the kernel for long.
    if (socket.bytesWritten > SLICE_BYTES) void idle(socket);
    else socket.destroy();
  });
  // The last answer sent whole may still sit unread in the kernel (a client that stopped reading an
  // answer smaller than the kernel's buffers): the connection is kept while the client takes it, and
  // reset once it takes nothing for SEND_TIMEOUT_MS; a graceful close would leave it to the kernel.
  const progress = new WeakMap<Socket, number>();
  async function idle(socket: Socket) {
    const queued = await unsentBytes(socket);
    if (socket.destroyed || (socket as Socket & { _httpMessage?: unknown })._httpMessage) return;
    if (!queued) return socket.destroy();
    // Looked at SEND_TIMEOUT_MS ago (the timer below) and not a byte taken since.
    if (progress.get(socket) === queued) return stalled(socket);
    progress.set(socket, queued);
    socket.setTimeout(sendTimeoutMs);
  }
  function stalled(socket: Socket) {
    o.log(`closed: the client took nothing of the answer for ${sendTimeoutMs / 1000} s`);
    // A reset, not a close: the kernel's send buffer (which a closed socket keeps trying to send to a
    // client that reads nothing) is let go too.
    socket.resetAndDestroy();
  }
  // Connections per client address, within a fair share of the cap (clients.ts). Ours runs before
  // node's own listener sets up the parser.
  server.prependListener('connection', (socket: Socket) => {
    const who = socket.remoteAddress ?? '';
    const { refused, evicted } = clients.admit(socket, who);
    if (refused !== undefined) {
      crowd.add(socket);
      o.log(`refused: ${who} holds ${refused} connections`);
      return refuse(socket, 429, crowded(refused));
    }
    if (evicted) {
      o.log(`dropped: a slow connection of ${evicted.remoteAddress} for a client with fewer`);
      evicted.resetAndDestroy();
    }
  });
  server.on('clientError', (error: Error & { code?: string; reason?: string }, socket: Duplex) => {
    if (crowd.has(socket)) return void socket.destroy();
    const answer = () => {
      if (!socket.writable) return closeSoon(socket);
      o.log(`refused: ${error.code ?? error.message}`);
      const why = error.reason ?? error.code ?? error.message;
      const bad: Reason = { code: 'bad_request', text: `The request is not valid HTTP/1.1 (${why}).` };
      refuse(socket, ...(REFUSED[error.code ?? ''] ?? [400, bad]));
    };
    const current = inFlight.get(socket);
    if (error.code === 'ECONNRESET') socket.destroy();
    // The bad bytes follow a whole request (pipelined): its answer goes out first, then the refusal,
    // unless that answer closes the connection (node does that once the answer is written).
    else if (current?.req.complete) afterAnswer(current.res, answer);
    // The bad bytes are inside the body of a request whose answer is already under way (so its handler
    // does not wait for the body): that answer is finished, then the connection closed.
    else if (current?.res.headersSent) afterAnswer(current.res, () => closeSoon(socket));
    else answer();
  });
  // Without a listener node answers an Expect other than 100-continue with a bare 417.
  server.on('checkExpectation', (req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    const text = `The expectation ${JSON.stringify(req.headers.expect)} cannot be met; only 100-continue is.`;
    send(res, 417, o.answer(417, { code: 'expectation_failed', text: text.slice(0, 200) }), { Connection: 'close' });
  });
  // Without a listener node drops a CONNECT silently; no server of ours is a proxy.
  server.on('connect', (_req: IncomingMessage, socket: Duplex) => refuse(socket, 405, TUNNEL));

  /** An answer written straight to the socket, where node has no response object for it. */
  function refuse(socket: Duplex, status: number, reason: Reason) {
    const { contentType, body } = o.answer(status, reason);
    const security = Object.entries(SECURITY_HEADERS)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    const head = `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: ${contentType}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n${security}Connection: close\r\n\r\n`;
    socket.on('error', () => {}); // the client may be gone already
    socket.end(head + body, () => socket.destroy());
  }
  return server;
}

/** A request node's parser let through that no server of ours takes: its status and reason. */
function checkHeaders(req: IncomingMessage): [number, Reason] | undefined {
  if (req.rawHeaders.length / 2 > MAX_HEADERS) return [431, TOO_MANY_HEADERS];
  // Node keeps the first Host and drops the others; which one a proxy before us read is unknown.
  let hosts = 0;
  for (let i = 0; i < req.rawHeaders.length; i += 2) if (req.rawHeaders[i]?.toLowerCase() === 'host') hosts++;
  if (hosts > 1) return [400, TWO_HOSTS];
  if (req.httpVersion === '1.1' && hosts === 0) return [400, NO_HOST];
  return undefined;
}

/** Runs `then` once `res` is done with: finished and closed, or destroyed. */
function afterAnswer(res: ServerResponse, then: () => void) {
  if (res.destroyed) then();
  else res.once('close', then);
}

/** Closes once what is written is sent (a net.Socket's destroySoon; any other stream at once). */
function closeSoon(socket: Duplex) {
  const soon = (socket as Duplex & { destroySoon?: () => void }).destroySoon;
  if (soon) soon.call(socket);
  else socket.destroy();
}

function send(
  res: ServerResponse,
  status: number,
  { contentType, body }: Answer,
  headers: Record<string, string> = {},
) {
  const all = { ...headers, 'Content-Type': contentType, 'Content-Length': Buffer.byteLength(body) };
  res.writeHead(status, all).end(body);
}

/** The plain-text body of the docs server's refusals. */
export const plainText = (_status: number, reason: Reason): Answer => ({
  contentType: 'text/plain; charset=utf-8',
  body: reason.text,
});

/** The JSON envelope of the API servers' refusals: `{data: {}, successful: false, messages: [reason]}`. */
export const envelope = (_status: number, reason: Reason): Answer => ({
  contentType: 'application/json; charset=utf-8',
  body: JSON.stringify({ data: {}, successful: false, messages: [reason] }),
});
