import { createServer } from 'node:http';
import { connect } from 'node:net';
import type { RawBody } from '@tas/openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Listening, listen, readBody } from '../src/index.js';

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
