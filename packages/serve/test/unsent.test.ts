import { once } from 'node:events';
import { connect, createServer, type Socket } from 'node:net';
import { afterAll, expect, it } from 'vitest';
import { unsentBytes } from '../src/tcp/unsent.js';

// The kernel's own queue of a connection, found by both its ends: a client on another loopback
// address with the same port number would be another row.
const accepted: Socket[] = [];
const server = createServer((socket) => accepted.push(socket));
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const port = (server.address() as { port: number }).port;
afterAll(() => {
  for (const s of accepted) s.destroy();
  server.close();
});

async function client(from: string): Promise<{ mine: Socket; theirs: Socket }> {
  const mine = connect({ host: '127.0.0.1', port, localAddress: from });
  await once(mine, 'connect');
  await expect
    .poll(() => accepted.find((s) => s.remotePort === mine.localPort && s.remoteAddress === from))
    .toBeTruthy();
  const theirs = accepted.find((s) => s.remotePort === mine.localPort && s.remoteAddress === from) as Socket;
  return { mine, theirs };
}

it('counts what a client that stopped reading left unacknowledged, and nothing for one that read', async () => {
  const stalled = await client('127.0.0.2');
  stalled.mine.pause();
  stalled.theirs.write(Buffer.alloc(8 * 1024 * 1024, 0x61));
  await expect.poll(() => unsentBytes(stalled.theirs)).toBeGreaterThan(0);

  const reading = await client('127.0.0.3');
  reading.mine.resume();
  reading.theirs.write('hello');
  await expect.poll(() => unsentBytes(reading.theirs)).toBe(0);
  stalled.mine.destroy();
  reading.mine.destroy();
});
