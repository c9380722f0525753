import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttp, UnreachableError } from '../../src/http/client.js';
import { createPacer } from '../../src/http/pacer.js';
import { realClock } from '../../src/types.js';

// A real server that resets the first connection of each path, as a server closing a kept-alive one does.
const seen = new Set<string>();
const server = createServer((req, res) => {
  if (!seen.has(req.url ?? '')) {
    seen.add(req.url ?? '');
    req.socket.destroy();
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":{},"successful":true,"messages":[]}');
});
let url = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const http = () => createHttp({ fetch, pacer: createPacer(false, realClock), clock: realClock, keys: { main: 'k' } });

describe('a connection reset before the answer', () => {
  it('a GET is sent again, once', async () => {
    const exchange = await http().send({ method: 'GET', url: `${url}/get/`, key: 'main', headers: {} });
    expect(exchange.response.status).toBe(200);
  });

  it('a POST is not (the server may have acted on it): the target is unreachable', async () => {
    const request = { method: 'POST', url: `${url}/post/`, key: 'main' as const, headers: {}, body: '{}' };
    await expect(http().send(request)).rejects.toBeInstanceOf(UnreachableError);
  });
});
