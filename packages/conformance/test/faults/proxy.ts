import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ProxyRequest {
  method: string;
  /** Path and query, e.g. `/api/v2/record/?status=2`. */
  path: string;
  headers: Record<string, string>;
  body: string;
}

export interface ProxyResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** One departure from the contract, injected between the suite and a correct server. */
export interface Fault {
  /** Accept the request and never answer it (a hung upstream). */
  hang?: (req: ProxyRequest) => boolean;
  /** Answers before the upstream is asked (it may ask the upstream itself); undefined forwards. */
  answer?: (req: ProxyRequest, upstream: string) => Promise<ProxyResponse | undefined> | ProxyResponse | undefined;
  /** Milliseconds to wait before forwarding (a slow deployment). */
  delayMs?: number;
  request?: (req: ProxyRequest) => ProxyRequest;
  /** `state` is the proxy's own: a variant that acts once does so once per proxy, whatever base it is laid over. */
  response?: (req: ProxyRequest, res: ProxyResponse, state: Record<string, unknown>) => ProxyResponse;
}

/** A loopback HTTP proxy in front of `upstream` that applies one fault; port 0 picks a free port. */
export async function startFaultProxy(upstream: string, fault: Fault) {
  const state: Record<string, unknown> = {};
  const server = createServer((incoming, outgoing) => {
    void (async () => {
      const original: ProxyRequest = {
        method: incoming.method ?? 'GET',
        path: incoming.url ?? '/',
        headers: headersOf(incoming),
        body: await bodyOf(incoming),
      };
      if (fault.hang?.(original)) return;
      const answered = await fault.answer?.(original, upstream);
      if (answered) {
        outgoing.writeHead(answered.status, answered.headers).end(answered.body);
        return;
      }
      if (fault.delayMs) await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
      const req = fault.request ? fault.request(original) : original;
      const upstreamResponse = await fetch(`${upstream}${req.path}`, {
        method: req.method,
        headers: req.headers,
        body: req.method === 'GET' || req.method === 'HEAD' ? undefined : req.body,
      });
      let res: ProxyResponse = {
        status: upstreamResponse.status,
        headers: { 'content-type': upstreamResponse.headers.get('content-type') ?? '' },
        body: await upstreamResponse.text(),
      };
      // The headers the suite reads, as the upstream sent them (a layer over a layer keeps them too).
      for (const name of ['retry-after', 'allow', 'link']) {
        const value = upstreamResponse.headers.get(name);
        if (value) res.headers[name] = value;
      }
      if (fault.response) res = fault.response(original, res, state);
      outgoing.writeHead(res.status, res.headers).end(res.body);
    })().catch((error) => outgoing.writeHead(502).end(String(error)));
  });
  // Longer than a busy machine's gap between two requests on one keep-alive socket (a reset otherwise).
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function headersOf(incoming: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(incoming.headers))
    if (typeof value === 'string' && !['host', 'content-length', 'connection'].includes(name)) out[name] = value;
  return out;
}

async function bodyOf(incoming: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
