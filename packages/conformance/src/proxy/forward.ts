import { createServer, Agent as HttpAgent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';

/** One request and its answer as they passed, bodies as captured (undefined past the size limit). */
export interface Passed {
  method: string;
  /** Path and query as the client sent them. */
  path: string;
  requestHeaders: IncomingHttpHeaders;
  requestBody?: string;
  status: number;
  responseHeaders: IncomingHttpHeaders;
  responseBody?: string;
  /** A body passed the size limit: forwarded whole, not captured. */
  oversize: boolean;
}

/** A request the upstream did not answer (refused, reset, timed out): the client got a 502. */
export interface UpstreamFailure {
  method: string;
  path: string;
  error: string;
}

export interface ForwardOptions {
  upstream: string;
  port?: number;
  host?: string;
  /** Bytes of each body captured for judging; a longer one passes through unjudged. */
  maxBody: number;
  /** Seconds the upstream may stay silent before the request counts as failed. */
  timeoutSeconds: number;
  /** Told after the answer was sent to the client. */
  onPassed: (passed: Passed) => void;
  onUpstreamFailure: (failure: UpstreamFailure) => void;
}

// RFC 9110 7.6.1: connection-specific fields a proxy does not forward (plus those Connection names).
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/** Raw headers (name, value, name, value…) without the hop-by-hop ones; `host` replaced when given. */
function endToEnd(raw: string[], host?: string): string[] {
  const named = new Set(HOP_BY_HOP);
  for (let i = 0; i < raw.length; i += 2)
    if (raw[i]?.toLowerCase() === 'connection')
      for (const n of (raw[i + 1] ?? '').split(',')) named.add(n.trim().toLowerCase());
  const out: string[] = [];
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i] as string;
    const lower = name.toLowerCase();
    if (named.has(lower) || (host && lower === 'host')) continue;
    out.push(name, raw[i + 1] as string);
  }
  if (host) out.push('Host', host);
  return out;
}

/** Collects a stream's chunks up to `max` bytes; past it, only that it was longer. */
function capture(max: number) {
  const chunks: Buffer[] = [];
  let size = 0;
  return {
    add(chunk: Buffer) {
      size += chunk.length;
      if (size <= max) chunks.push(chunk);
    },
    bytes: () => Buffer.concat(chunks),
    text: () => (size > max ? undefined : Buffer.concat(chunks).toString('utf8')),
    over: () => size > max,
  };
}

/** The API's envelope around the proxy's own 502: the only answer it makes. */
const badGateway = (error: string) =>
  JSON.stringify({
    data: {},
    successful: false,
    messages: [{ code: 'upstream_unavailable', text: `tas-conformance proxy: the upstream did not answer (${error})` }],
  });

/**
 * A forwarding proxy in front of `upstream`: every request and answer passes unchanged and streamed
 * (the hop-by-hop headers aside, Host set to the upstream's), each exchange told after its answer was
 * sent. It never answers itself, except a 502 when the upstream fails.
 */
export async function startForwarding(o: ForwardOptions) {
  const upstream = new URL(o.upstream);
  const https = upstream.protocol === 'https:';
  // With a timeout node's agent honours the upstream's `Keep-Alive: timeout=N`, closing idle sockets first.
  const kept = { keepAlive: true, timeout: 60_000 };
  const agent = https ? new HttpsAgent(kept) : new HttpAgent(kept);
  const prefix = upstream.pathname.replace(/\/$/, '');

  const server = createServer((req, res) => {
    const method = req.method ?? 'GET';
    const path = req.url ?? '/';
    const sent = capture(o.maxBody);
    const got = capture(o.maxBody);
    let failed = false;
    const fail = (error: Error) => {
      if (failed) return;
      failed = true;
      o.onUpstreamFailure({ method, path, error: error.message || (error as { code?: string }).code || 'failed' });
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' }).end(badGateway(error.message));
      else res.destroy();
    };
    const forward = (body?: Buffer) => {
      const up = (https ? httpsRequest : httpRequest)(
        {
          protocol: upstream.protocol,
          hostname: upstream.hostname,
          port: upstream.port,
          method,
          path: `${prefix}${path}`,
          headers: endToEnd(req.rawHeaders, upstream.host) as unknown as Record<string, string>,
          agent,
        },
        (answer) => {
          res.writeHead(
            answer.statusCode ?? 502,
            answer.statusMessage,
            endToEnd(answer.rawHeaders) as unknown as Record<string, string>,
          );
          answer.on('data', (chunk: Buffer) => got.add(chunk));
          answer.on('error', fail);
          answer.pipe(res);
          res.on('finish', () => {
            if (failed) return;
            o.onPassed({
              method,
              path,
              requestHeaders: req.headers,
              requestBody: sent.text(),
              status: answer.statusCode ?? 0,
              responseHeaders: answer.headers,
              responseBody: got.text(),
              oversize: sent.over() || got.over(),
            });
          });
        },
      );
      up.setTimeout(o.timeoutSeconds * 1000, () => up.destroy(new Error(`no answer within ${o.timeoutSeconds} s`)));
      up.on('error', (error: NodeJS.ErrnoException) => {
        // A kept-alive connection the upstream closed idle just as this request took it: the upstream
        // read none of it, so it goes once more on a new connection (node's documented remedy), whole.
        const closedIdle = up.reusedSocket && (error.code === 'ECONNRESET' || error.code === 'EPIPE');
        if (!closedIdle || body || failed || !req.complete || sent.over()) return fail(error);
        upstreamRequest = forward(sent.bytes());
      });
      if (body) up.end(body);
      return up;
    };
    let upstreamRequest = forward();
    // A client that goes away takes its upstream request with it; nothing of it is judged.
    res.on('close', () => {
      if (!res.writableFinished) {
        failed = true;
        upstreamRequest.destroy();
      }
    });
    req.on('data', (chunk: Buffer) => sent.add(chunk));
    req.pipe(upstreamRequest);
  });
  // Longer than the usual client's idle keep-alive, so that the proxy never closes a socket first.
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port ?? 0, o.host ?? '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  const shown = (o.host ?? '127.0.0.1').includes(':') ? `[${o.host}]` : (o.host ?? '127.0.0.1');
  return {
    url: `http://${shown}:${port}`,
    port,
    /** Stops taking connections; answers in flight get `graceMs` to finish, then their sockets close. */
    close: (graceMs = 0) =>
      new Promise<void>((resolve) => {
        const cut = setTimeout(() => server.closeAllConnections(), graceMs);
        server.close(() => {
          clearTimeout(cut);
          agent.destroy();
          resolve();
        });
        server.closeIdleConnections();
      }),
  };
}
