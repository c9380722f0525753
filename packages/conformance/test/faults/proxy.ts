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
export const startFaultProxy = (upstream: string, fault: Fault) => startFaultStack(upstream, [fault]);

const LEVEL = /^\/__layer(\d+)(\/.*)$/;

/**
 * One loopback proxy in front of `upstream` that applies `layers`, the first next to the upstream,
 * each as a hop of its own would (what a layer answers or changes, the layers above it see) but
 * without an HTTP hop between them: a layer that asks its upstream itself (`answer`) is given the
 * address of the layers below it (`/__layerN/…` on this same server).
 */
export async function startFaultStack(upstream: string, layers: Fault[]) {
  const states = layers.map((): Record<string, unknown> => ({}));
  let self = '';
  const below = (i: number) => (i === 0 ? upstream : `${self}/__layer${i - 1}`);

  async function through(i: number, original: ProxyRequest): Promise<ProxyResponse> {
    const fault = layers[i];
    if (!fault) return fetchFrom(upstream, original);
    // A hung layer never answers: neither does any above it.
    if (fault.hang?.(original)) return new Promise<never>(() => {});
    const answered = await fault.answer?.(original, below(i));
    if (answered) return answered;
    if (fault.delayMs) await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
    const req = fault.request ? fault.request(original) : original;
    const res = await through(i - 1, req);
    return fault.response ? fault.response(original, res, states[i] as Record<string, unknown>) : res;
  }

  const server = createServer((incoming, outgoing) => {
    void (async () => {
      const url = incoming.url ?? '/';
      const level = LEVEL.exec(url);
      const original: ProxyRequest = {
        method: incoming.method ?? 'GET',
        path: level ? (level[2] as string) : url,
        headers: headersOf(incoming),
        body: await bodyOf(incoming),
      };
      const res = await through(level ? Number(level[1]) : layers.length - 1, original);
      outgoing.writeHead(res.status, res.headers).end(res.body);
    })().catch((error) => outgoing.writeHead(502).end(String(error)));
  });
  // Longer than a busy machine's gap between two requests on one keep-alive socket (a reset otherwise).
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  self = `http://127.0.0.1:${port}`;
  return {
    url: self,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The upstream's answer to a request, with the headers the suite reads. */
async function fetchFrom(upstream: string, req: ProxyRequest): Promise<ProxyResponse> {
  const answer = await fetch(`${upstream}${req.path}`, {
    method: req.method,
    headers: req.headers,
    body: req.method === 'GET' || req.method === 'HEAD' ? undefined : req.body,
  });
  const res: ProxyResponse = {
    status: answer.status,
    headers: { 'content-type': answer.headers.get('content-type') ?? '' },
    body: await answer.text(),
  };
  for (const name of ['retry-after', 'allow', 'link']) {
    const value = answer.headers.get(name);
    if (value) res.headers[name] = value;
  }
  return res;
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
