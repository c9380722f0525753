import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A gateway in front of a sandbox or a mock, as a hosted deployment (another origin, a path prefix)
// or a faulty one (an answer changed) puts it.

export interface Gateway {
  /** The gateway's address with its prefix: what a site is built for. */
  url: string;
  /** How many requests reached it. */
  seen(): number;
  close(): Promise<void>;
}

/**
 * A gateway at `host` (a loopback address) that serves `upstream` under `prefix` (`''` for none),
 * each JSON answer first passed through `change`: a hosted deployment, or one that breaks a rule.
 */
export function gateway(
  upstream: string,
  options: { host?: string; prefix?: string; change?: (req: IncomingMessage, json: unknown) => unknown } = {},
): Promise<Gateway> {
  const { host = '127.0.0.1', prefix = '', change } = options;
  let count = 0;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    count++;
    const url = req.url ?? '/';
    if (!url.startsWith(`${prefix}/`)) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not under this gateway');
      return;
    }
    const headers = { ...req.headers, host: new URL(upstream).host };
    const forward = httpRequest(`${upstream}${url.slice(prefix.length)}`, { method: req.method, headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (c) => chunks.push(c));
      answer.on('end', () => {
        let body = Buffer.concat(chunks).toString('utf8');
        if (change && /json/.test(String(answer.headers['content-type'])))
          body = JSON.stringify(change(req, JSON.parse(body)));
        const out = { ...answer.headers, 'content-length': String(Buffer.byteLength(body)) };
        res.writeHead(answer.statusCode ?? 502, out).end(body);
      });
    });
    forward.on('error', () => res.writeHead(502).end());
    req.pipe(forward);
  });
  return new Promise((resolve) =>
    server.listen(0, host, () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://${host}:${port}${prefix}`,
        seen: () => count,
        close: () =>
          new Promise<void>((r) => {
            server.closeAllConnections();
            server.close(() => r());
          }),
      });
    }),
  );
}
