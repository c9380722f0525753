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

const post = (headers: string) => `POST / HTTP/1.1\r\nHost: x\r\n${headers}\r\n`;
const utf8 = (text: string) => Buffer.from(text, 'utf8');
const chunked = (body: Buffer) => Buffer.concat([utf8(`${body.length.toString(16)}\r\n`), body, utf8('\r\n0\r\n\r\n')]);

describe('readBody', () => {
  it.each([
    // what is sent → what the server reads
    [
      'a body within the limit',
      post('Content-Length: 7\r\n'),
      utf8('{"a":1}'),
      'end',
      { text: '{"a":1}', tooLarge: false },
    ],
    [
      'UTF-8 beyond ASCII (7 bytes)',
      post('Content-Length: 7\r\n'),
      utf8('"été"'),
      'end',
      { text: '"été"', tooLarge: false },
    ],
    [
      'a length declared past the limit',
      post('Content-Length: 17\r\n'),
      utf8('x'.repeat(17)),
      'end',
      { text: '', tooLarge: true },
    ],
    [
      'chunks past the limit',
      post('Transfer-Encoding: chunked\r\n'),
      chunked(utf8('x'.repeat(40))),
      'end',
      { text: '', tooLarge: true },
    ],
    [
      'chunks within the limit',
      post('Transfer-Encoding: chunked\r\n'),
      chunked(utf8('[1,2]')),
      'end',
      { text: '[1,2]', tooLarge: false },
    ],
    [
      'bytes that are not UTF-8',
      post('Content-Length: 3\r\n'),
      Buffer.from([0x22, 0xff, 0x22]),
      'end',
      { text: '', tooLarge: false, invalidUtf8: true },
    ],
    [
      'an upload the client abandons',
      post('Content-Length: 10\r\n'),
      utf8('12345'),
      'cut',
      { text: '', tooLarge: false },
    ],
  ] as const)('%s', async (_name, head, body, then, want) => {
    const got = nextRead();
    await send(head, body, then);
    expect(await got).toEqual(want);
  });
});
