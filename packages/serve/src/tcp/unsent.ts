import type { Socket } from 'node:net';
import { establishedRows, kernelEnd } from './table.js';

/**
 * The bytes this connection has written that its client has not acknowledged yet, as the kernel
 * holds them (Linux's /proc/net/tcp, the `tx_queue` column); undefined where that cannot be read.
 * A whole answer the kernel took leaves node's own queue empty, yet a client that stops reading
 * still holds it there, in memory of the machine's.
 */
export async function unsentBytes(socket: Socket): Promise<number | undefined> {
  const { localPort, remotePort } = socket;
  if (!localPort || !remotePort) return undefined;
  const local = kernelEnd(socket.localAddress, localPort);
  const remote = kernelEnd(socket.remoteAddress, remotePort);
  return (await establishedRows())?.find((row) => row.local.endsWith(local) && row.remote.endsWith(remote))?.unsent;
}
