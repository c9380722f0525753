import { createServer } from 'node:http';
import { connect, type Socket } from 'node:net';
import { BODY_LIMIT, type RawBody } from '@tas/openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_BYTES_PER_CLIENT, bodyBytesHeld, type Listening, listen, readBody } from '../src/index.js';

const LIMIT = 16;

// Each request's body as the server read it, handed to the test that sent it.
const waiting: ((body: RawBody) => void)[] = [];
const nextRead = () => new Promise<RawBody>((resolve) => waiting.push(resolve));

let server: Listening;
beforeAll(async () => {
  const http = createServer(async (req, res) => {
    const body = await readBody(req, LIMIT);
    waiting.shift()?.(body);
    res.writeHead(200, { Connection: 'close' }).end(JSON.stringify(body));
  });
  server = await listen(http, 0, '127.0.0.1');
});
afterAll(() => server.close());

/** Writes `head` and `body` on a fresh connection; ends it, or cuts it once written. */
const send = (head: string, body: Buffer, then: 'end' | 'cut') =>
  new Promise<void>((resolve) => {
    const { hostname, port } = new URL(server.url);
    const socket = connect({ host: hostname, port: Number(port) }, () => {
      socket.write(head, 'latin1');
      socket.write(body, () => (then === 'cut' ? socket.destroy() : undefined));
    });
    socket.on('error', () => undefined);
    socket.on('close', () => resolve());
    socket.resume();
  });

const utf8 = (text: string) => Buffer.from(text, 'utf8');
/** A POST of `body`, framed by its length or as one chunk. */
const framed = (framing: 'length' | 'chunked', body: Buffer): [string, Buffer] =>
  framing === 'length'
    ? [`POST / HTTP/1.1\r\nHost: x\r\nContent-Length: ${body.length}\r\n\r\n`, body]
    : [
        'POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n',
        Buffer.concat([utf8(`${body.length.toString(16)}\r\n`), body, utf8('\r\n0\r\n\r\n')]),
      ];

describe('readBody', () => {
  it.each([
    // what is sent → what the server reads
    ['a body within the limit', 'length', utf8('{"a":1}'), 'end', { text: '{"a":1}', tooLarge: false }],
    ['UTF-8 beyond ASCII', 'length', utf8('"été"'), 'end', { text: '"été"', tooLarge: false }],
    ['a length declared past the limit', 'length', utf8('x'.repeat(17)), 'end', { text: '', tooLarge: true }],
    ['chunks past the limit', 'chunked', utf8('x'.repeat(40)), 'end', { text: '', tooLarge: true }],
    ['chunks within the limit', 'chunked', utf8('[1,2]'), 'end', { text: '[1,2]', tooLarge: false }],
    [
      'bytes that are not UTF-8',
      'length',
      Buffer.from([0x22, 0xff, 0x22]),
      'end',
      { text: '', tooLarge: false, invalidUtf8: true },
    ],
    ['an upload the client abandons halfway', 'length', utf8('1234567890'), 'cut', { text: '', tooLarge: false }],
  ] as const)('%s', async (_name, framing, body, then, want) => {
    const got = nextRead();
    const [head, bytes] = framed(framing, body);
    await send(head, then === 'cut' ? bytes.subarray(0, bytes.length / 2) : bytes, then);
    expect(await got).toEqual(want);
  });
});

describe('readBody under attack', () => {
  let big: Listening;
  beforeAll(async () => {
    const http = createServer(async (req, res) => {
      const body = await readBody(req);
      res.writeHead(body.tooLarge ? 413 : 200, { Connection: 'close' }).end(String(body.text.length));
    });
    big = await listen(http, 0, '127.0.0.1');
  });
  afterAll(() => big.close());

  const open = (from: string, head: string) =>
    new Promise<Socket>((resolve) => {
      const socket = connect({ host: '127.0.0.1', port: Number(new URL(big.url).port), localAddress: from }, () => {
        socket.write(head, 'latin1');
        resolve(socket);
      });
      socket.on('error', () => {});
    });
  const answerOf = (socket: Socket) =>
    new Promise<string>((resolve) => {
      let data = '';
      socket.on('data', (chunk: Buffer) => {
        data += chunk.toString('latin1');
      });
      socket.on('close', () => resolve(data.split('\r\n')[0] ?? ''));
    });

  it('cuts a chunked body at the same bound as a declared one, while the client is still sending', async () => {
    // The attack: a chunked body without end was read to its end past the bound (5.2 GB in 20 s).
    const socket = await open('127.0.0.7', 'POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n');
    const answer = answerOf(socket);
    const chunk = Buffer.from(`10000\r\n${'x'.repeat(0x10000)}\r\n`);
    let sent = 0;
    const pump = () => {
      while (!socket.destroyed && socket.write(chunk)) sent += 0x10000;
    };
    socket.on('drain', pump);
    pump();
    expect(await answer).toBe('HTTP/1.1 413 Payload Too Large');
    // Answered with the stream unended: what it sent is the limit and what the buffers held, no more.
    expect(sent).toBeLessThan(BODY_LIMIT + 32 * 1024 * 1024);
  });

  it(`holds a client's stalled bodies to ${BODY_BYTES_PER_CLIENT / 1024 / 1024} MiB and gives them back when they close`, async () => {
    // The attack: one partner's stalled 1 MiB bodies from four addresses took the sandbox from
    // 77 MB to 1,115 MB, still held four minutes after the sockets closed.
    const head = `POST / HTTP/1.1\r\nHost: x\r\nContent-Length: ${BODY_LIMIT}\r\n\r\n`;
    const stalled = await Promise.all(Array.from({ length: 8 }, () => open('127.0.0.8', head)));
    let most = 0;
    const watch = setInterval(() => {
      most = Math.max(most, bodyBytesHeld());
    }, 20);
    try {
      // All but the last byte of each: the server reads the bodies the bound allows, the rest wait in the kernel.
      for (const s of stalled) s.write(Buffer.alloc(BODY_LIMIT - 1, 0x20));
      await expect.poll(() => bodyBytesHeld(), { timeout: 60_000 }).toBe(BODY_BYTES_PER_CLIENT);
      // Another client is read and answered meanwhile.
      const other = await open('127.0.0.9', 'POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}');
      expect(await answerOf(other)).toBe('HTTP/1.1 200 OK');
      // Each body finished: those read are answered and give their place to those that waited.
      const answers = stalled.map(answerOf);
      for (const s of stalled) s.write(' ');
      expect(await Promise.all(answers)).toEqual(Array(8).fill('HTTP/1.1 200 OK'));
      expect(most).toBeLessThanOrEqual(BODY_BYTES_PER_CLIENT);
    } finally {
      clearInterval(watch);
      for (const s of stalled) s.destroy();
    }
    await expect.poll(() => bodyBytesHeld(), { timeout: 60_000 }).toBe(0);
  });
});
