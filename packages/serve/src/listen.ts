import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Listening {
  /** `http://host:port`, with a wildcard host shown as 127.0.0.1 and an IPv6 host in brackets. */
  url: string;
  /** Stops accepting, drops open keep-alive connections, and resolves once the server is closed. */
  close(): Promise<void>;
  /** The node server itself, for a supervisor to watch (npm start reports one that closes or errs). */
  server: Server;
}

/** Starts `server` on `port` (0 picks a free one) and `host`; rejects when it cannot listen. */
export async function listen(server: Server, port: number, host: string): Promise<Listening> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port: bound } = server.address() as AddressInfo;
  return {
    server,
    url: `http://${urlHost(host)}:${bound}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** How a listening host is written in a URL that a client on this machine can call. */
export function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}
