import { readFile } from 'node:fs/promises';
import type { Socket } from 'node:net';

const hex = (port: number) => port.toString(16).toUpperCase().padStart(4, '0');

/** An IPv4 address as the kernel's table writes it (little-endian hex; an IPv4-mapped IPv6 entry ends so too). */
function kernelAddress(address = ''): string {
  const v4 = address.replace(/^::ffff:/, '');
  if (!/^\d+\.\d+\.\d+\.\d+$/.test(v4)) return '';
  return v4
    .split('.')
    .reverse()
    .map((b) => Number(b).toString(16).toUpperCase().padStart(2, '0'))
    .join('');
}

/**
 * The bytes this connection has written that its client has not acknowledged yet, as the kernel
 * holds them (Linux's /proc/net/tcp, the `tx_queue` column); undefined where that cannot be read.
 * A whole answer the kernel took leaves node's own queue empty, yet a client that stops reading
 * still holds it there, in memory of the machine's.
 */
export async function unsentBytes(socket: Socket): Promise<number | undefined> {
  const { localPort, remotePort } = socket;
  if (!localPort || !remotePort) return undefined;
  // Both ends' addresses where they are IPv4: two clients on other addresses may share a port number.
  const local = `${kernelAddress(socket.localAddress)}:${hex(localPort)}`;
  const remote = `${kernelAddress(socket.remoteAddress)}:${hex(remotePort)}`;
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const text = await readFile(file, 'utf8').catch(() => undefined);
    if (text === undefined) return undefined;
    for (const line of text.split('\n')) {
      const [, l, r, state, queues] = line.trim().split(/\s+/);
      if (state === '01' && l?.endsWith(local) && r?.endsWith(remote))
        return Number.parseInt(queues?.split(':')[0] ?? '', 16);
    }
  }
  return undefined;
}
