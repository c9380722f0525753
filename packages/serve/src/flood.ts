import { connect, type Socket } from 'node:net';

// What an attacker or a careless client sends a server, for the tests and the bench that prove the
// others keep answering: uploads that stall, and bodies as large and as deep as the bounds allow.

const hostPort = (url: string) => {
  const { hostname, port } = new URL(url);
  return { host: hostname, port: Number(port) };
};

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
      () =>
        new Promise<void>((resolve) => {
          const socket = connect(hostPort(url), () => {
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
