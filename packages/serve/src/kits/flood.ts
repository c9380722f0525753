import { connect, type Socket } from 'node:net';
import { establishedRows, kernelEnd } from '../tcp/table.js';

// What an attacker or a careless client sends a server, for the tests and the bench that prove the
// others keep answering: uploads that stall, and bodies as large and as deep as the bounds allow.

const hostPort = (url: string) => {
  const { hostname, port } = new URL(url);
  return { host: hostname, port: Number(port) };
};

/** Clients of a flood per loopback address: fewer than a server lets one address hold (bounds.ts). */
const PER_ADDRESS = 32;

/**
 * Where the `i`th connection of a flood comes from: a server on 127.x is reached from 127.0.k.1,
 * PER_ADDRESS connections each, as a flood from many machines would be (one address alone is held
 * to MAX_CONNECTIONS_PER_CLIENT); any other host, from wherever the system picks.
 */
export function floodClient(url: string, i: number): { host: string; port: number; localAddress?: string } {
  const to = hostPort(url);
  if (!/^127\./.test(to.host)) return to;
  return { ...to, localAddress: `127.0.${1 + Math.floor(i / PER_ADDRESS)}.1` };
}

/** `n` uploads that send their headers and `sent` bytes of a `declared`-byte body, then stall. */
export async function stallUploads(url: string, path: string, n: number, headers: Record<string, string> = {}) {
  const declared = 1024 * 1024;
  const sent = 64 * 1024;
  const extra = Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  const sockets: Socket[] = [];
  await Promise.all(
    Array.from(
      { length: n },
      (_, i) =>
        new Promise<void>((resolve) => {
          const socket = connect(floodClient(url, i), () => {
            socket.write(
              `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${declared}\r\n${extra}\r\n`,
            );
            socket.write(Buffer.alloc(sent, 0x20), () => resolve());
          });
          socket.on('error', () => resolve());
          sockets.push(socket);
        }),
    ),
  );
  return {
    close: () => {
      for (const s of sockets) s.destroy();
    },
  };
}

/** A JSON body of `bytes` bytes nested as deep as it can be: `{"record":[[[[…]]]]}`. */
export function deepBody(bytes: number): string {
  const depth = Math.floor((bytes - 12) / 2);
  return `{"record":${'['.repeat(depth)}${']'.repeat(depth)}}`;
}

/** Sends `body` to `url + path`, `n` at once; resolves to their statuses (0 when the server closed without one). */
export function hostileBodies(
  url: string,
  path: string,
  n: number,
  body: string,
  headers: Record<string, string> = {},
) {
  return Promise.all(
    Array.from({ length: n }, () =>
      fetch(`${url}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body,
      }).then(
        async (res) => {
          await res.arrayBuffer();
          return res.status;
        },
        () => 0,
      ),
    ),
  );
}

/** The resident memory of a process, in bytes (Linux). */
export async function residentBytes(pid: number): Promise<number> {
  const { readFile } = await import('node:fs/promises');
  const kb = /VmRSS:\s+(\d+) kB/.exec(await readFile(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) * 1024;
}

export interface StalledReaders {
  /** How many of the connections the server has not closed yet, as this machine's kernel sees them. */
  open(): Promise<number>;
  /** Resolves once the server has closed every one (polled every `everyMs`); ms since they stalled. */
  closed(everyMs?: number): Promise<number>;
  /** Drops what is left (a test's clean-up). */
  close(): void;
}

/**
 * `n` clients that each ask `path` (GET, `headers` added) and stop reading once the answer starts:
 * the attack of a client that never takes a large answer. Their connections' state is read from
 * /proc/net/tcp (Linux): a stalled client's own socket cannot tell that the server closed it.
 */
export async function stallReaders(
  url: string,
  path: string,
  n: number,
  headers: Record<string, string> = {},
): Promise<StalledReaders> {
  const extra = Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  const sockets = await Promise.all(
    Array.from(
      { length: n },
      (_, i) =>
        new Promise<Socket>((resolve, reject) => {
          const socket = connect(floodClient(url, i), () =>
            socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\n${extra}\r\n`),
          );
          socket.once('data', (chunk: Buffer) => {
            if (!/^HTTP\/1\.1 200 /.test(chunk.toString('latin1', 0, 16)))
              reject(new Error(`GET ${path}: ${chunk.toString('latin1', 0, 200)}`));
            // Not another byte read: node's buffer fills, then the kernel's, then the server's queue.
            socket.pause();
            resolve(socket);
          });
          socket.on('error', () => {}); // the server's reset, judged from the kernel's table
          socket.once('close', () => reject(new Error(`GET ${path}: closed before an answer`)));
        }),
    ),
  );
  const stalled = Date.now();
  // A connection is one of these clients' by its local address and port and the server's port: the
  // same port number serves other sockets on another loopback address (a keep-alive fetch's, say).
  const ends = sockets.map((s) => kernelEnd(s.localAddress, s.localPort ?? 0));
  const server = kernelEnd(undefined, Number(new URL(url).port));
  const open = async () =>
    ((await establishedRows()) ?? []).filter(
      (row) => row.remote.endsWith(server) && ends.some((end) => row.local.endsWith(end)),
    ).length;
  return {
    open,
    async closed(everyMs = 250) {
      while ((await open()) > 0) await new Promise((resolve) => setTimeout(resolve, everyMs));
      return Date.now() - stalled;
    },
    close: () => {
      for (const s of sockets) s.destroy();
    },
  };
}
