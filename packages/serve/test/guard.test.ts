import type { IncomingMessage, ServerResponse } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createGuardedServer,
  envelope,
  HEADERS_TIMEOUT_MS,
  KEEP_ALIVE_TIMEOUT_MS,
  type Listening,
  listen,
  MAX_CONNECTIONS,
  MAX_HEADERS,
  REQUEST_TIMEOUT_MS,
  SEND_TIMEOUT_MS,
} from '../src/index.js';
import { sendRaw } from '../src/malformed/index.js';

// A handler's own faults, by path: each must end in one 500 (or a cut answer) and a log line, never an exit.
const faults: Record<string, (req: IncomingMessage, res: ServerResponse) => unknown> = {
  '/throws': () => {
    throw new Error('thrown');
  },
  '/rejects': async () => {
    await Promise.resolve();
    throw new Error('rejected');
  },
  '/throws-after-headers': (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/plain' }).write('partial');
    throw new Error('after headers');
  },
  '/throws-after-end': (_req, res) => {
    res.end('done');
    throw new Error('after end');
  },
};

// Answers in two steps, so that a parse error of the bytes behind it arrives with its headers written.
const later = (_req: IncomingMessage, res: ServerResponse) => {
  res.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Length': '5' });
  setImmediate(() => res.end('later'));
};

/** Everything a server sends on one connection for `bytes`, until the server closes it. */
const conversation = (url: string, bytes: string, after: 'wait' | 'end') =>
  new Promise<string>((resolve, reject) => {
    const { hostname, port } = new URL(url);
    const socket = connect({ host: hostname, port: Number(port) }, () =>
      after === 'end' ? socket.end(bytes, 'latin1') : socket.write(bytes, 'latin1'),
    );
    let data = '';
    socket.on('data', (chunk: Buffer) => {
      data += chunk.toString('latin1');
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(data));
  });

/** `n` short header fields, as many as fit node's 16 KB of headers. */
const fields = (n: number) => Array.from({ length: n }, (_, i) => `${i.toString(36)}:1`);

const lines: string[] = [];
let server: Listening;
beforeAll(async () => {
  const guarded = createGuardedServer(
    (req, res) =>
      (({ ...faults, '/later': later })[req.url ?? ''] ?? ((_q: IncomingMessage, r: ServerResponse) => r.end('ok')))(
        req,
        res,
      ),
    { answer: envelope, log: (line) => lines.push(line) },
  );
  server = await listen(guarded, 0, '127.0.0.1');
});
afterAll(() => server.close());

const get = (path: string) =>
  sendRaw(server.url, {
    bytes: Buffer.from(`GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`),
    after: 'wait',
  });

describe('createGuardedServer', () => {
  it.each([
    // given path → want status, body, logged error
    ['/throws', 500, 'internal_error', 'thrown'],
    ['/rejects', 500, 'internal_error', 'rejected'],
    ['/throws-after-headers', undefined, '', 'after headers'], // too late for a 500: the connection is cut
    ['/throws-after-end', 200, 'done', 'after end'],
  ])('%s: answers %s, logs the error, keeps serving', async (path, status, body, logged) => {
    const answer = await get(path);
    expect(answer.status).toBe(status);
    expect(answer.body).toContain(body);
    expect(lines.some((line) => line.startsWith(`internal error on GET ${path}:`) && line.includes(logged))).toBe(true);
    expect((await get('/')).body).toBe('ok');
  });

  it('answers a 500 in the server’s envelope', async () => {
    const answer = await get('/throws');
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(answer.body)).toEqual({
      data: {},
      successful: false,
      messages: [{ code: 'internal_error', text: 'The server failed on this request; see its log.' }],
    });
  });

  it('answers what node refuses (here an unknown Expect) in the server’s words too', async () => {
    const bytes = Buffer.from('GET / HTTP/1.1\r\nHost: x\r\nExpect: tea\r\nConnection: close\r\n\r\n');
    const answer = await sendRaw(server.url, { bytes, after: 'wait' });
    expect(answer.status).toBe(417);
    expect(JSON.parse(answer.body).messages[0].code).toBe('expectation_failed');
  });

  it.each([
    // given header lines → want status, code
    ['two Host headers', ['Host: x', 'Host: y'], 400, 'bad_request'],
    ['two Host headers, differently written', ['Host: x', 'host: x'], 400, 'bad_request'],
    [`${MAX_HEADERS} header fields`, ['Host: x', ...fields(MAX_HEADERS - 2)], 200, undefined],
    [`${MAX_HEADERS + 1} header fields`, ['Host: x', ...fields(MAX_HEADERS - 1)], 431, 'headers_too_large'],
    [
      '2,500 header fields, which node once dropped past the 2,000th',
      ['Host: x', ...fields(2500)],
      431,
      'headers_too_large',
    ],
  ])('%s: %s', async (_name, lines, status, code) => {
    const bytes = Buffer.from(`GET / HTTP/1.1\r\n${lines.join('\r\n')}\r\nConnection: close\r\n\r\n`);
    const answer = await sendRaw(server.url, { bytes, after: 'wait' });
    expect(answer.status).toBe(status);
    if (code) expect(JSON.parse(answer.body).messages[0].code).toBe(code);
    expect((await get('/')).body).toBe('ok');
  });

  it.each([
    // given bytes (sent, then the client waits, or half-closes) → want everything the server sends
    [
      'a whole request, then bad bytes: its answer, then the refusal',
      'GET /later HTTP/1.1\r\nHost: x\r\n\r\n\0',
      'wait',
      /^HTTP\/1\.1 200 OK\r\n.*\r\n\r\nlaterHTTP\/1\.1 400 Bad Request\r\n.*"bad_request".*$/s,
    ],
    [
      'a body of unknown length ended by a half-close: the answer under way, then the close',
      'GET /later HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: !\r\n\r\n',
      'end',
      /^HTTP\/1\.1 200 OK\r\n.*\r\n\r\nlater$/s,
    ],
  ] as const)('%s', async (_name, bytes, after, want) => {
    // The fuzz test found both: the socket was closed under the answer, so the client got nothing.
    expect(await conversation(server.url, bytes, after)).toMatch(want);
    expect((await get('/')).body).toBe('ok');
  });
});

describe('the bounds and headers every server gets', () => {
  it.each([
    ['an answer of the handler', '/'],
    ['a 500 of a fault', '/throws'],
  ])('%s says nosniff', async (_name, path) => {
    const answer = await get(path);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
  });

  it('a refusal written by the guard itself says nosniff', async () => {
    const raw = await conversation(server.url, 'BREW / HTTP/1.1\r\nHost: x\r\n\r\n', 'wait');
    expect(raw).toMatch(/^HTTP\/1\.1 400 .*\r\nX-Content-Type-Options: nosniff\r\n/s);
  });

  it('times out slow requests and caps connections as bounds.ts states', () => {
    const guarded = createGuardedServer(() => {}, { answer: envelope, log: () => {} });
    expect([
      guarded.headersTimeout,
      guarded.requestTimeout,
      guarded.keepAliveTimeout,
      guarded.maxConnections,
      guarded.timeout,
      guarded.maxHeadersCount,
    ]).toEqual([
      HEADERS_TIMEOUT_MS,
      REQUEST_TIMEOUT_MS,
      KEEP_ALIVE_TIMEOUT_MS,
      MAX_CONNECTIONS,
      SEND_TIMEOUT_MS,
      MAX_HEADERS + 1, // one past the bound, so that a request past it is seen and refused
    ]);
  });
});
