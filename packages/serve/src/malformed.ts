// For every server's malformed-request tests (apps/*/test/malformed.test.ts): requests sent as raw
// bytes over a TCP socket, since fetch refuses to send most of them, the table they share, the
// generator of the fuzz test, and the suite that runs both against one server.
import { connect } from 'node:net';
import type FastCheck from 'fast-check';
import { describe, expect, it } from 'vitest';

/** What a server sent back: `status` undefined when it closed without answering. */
export interface RawAnswer {
  status?: number;
  headers: Record<string, string>;
  body: string;
}

/** After the request's bytes: keep the socket open, half-close it (the client ends), or drop it. */
export type After = 'wait' | 'end' | 'hangup';

export interface RawRequest {
  bytes: Buffer;
  after: After;
}

/** Long enough for a server on a loaded machine; an answer that takes longer is a hung server. */
const ANSWER_LIMIT_MS = 60_000;

/**
 * Sends `bytes` to `url`'s host and port over a new connection and resolves with the first final
 * answer (1xx skipped), or with no status when the server closes without one (or `hangup` is asked).
 */
export function sendRaw(url: string, { bytes, after }: RawRequest): Promise<RawAnswer> {
  const { hostname, port } = new URL(url);
  const head = bytes.subarray(0, 8).toString('latin1');
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) });
    let received = Buffer.alloc(0);
    let settled = false;
    const finish = (answer: RawAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(answer);
    };
    const timer = setTimeout(() => {
      settled = true;
      socket.destroy();
      reject(
        new Error(`no answer in ${ANSWER_LIMIT_MS} ms to ${JSON.stringify(bytes.toString('latin1').slice(0, 200))}`),
      );
    }, ANSWER_LIMIT_MS);
    socket.on('connect', () => {
      // A hang-up is abrupt (a reset), as when a browser tab closes mid-upload.
      socket.write(bytes, () => after === 'hangup' && socket.resetAndDestroy());
      if (after === 'end') socket.end();
    });
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const answer = parseAnswer(received, head.startsWith('HEAD '), false);
      if (answer) finish(answer);
    });
    socket.on('error', () => {}); // a reset after the answer, or instead of one: judged on 'close'
    socket.on('close', () =>
      finish(parseAnswer(received, head.startsWith('HEAD '), true) ?? { headers: {}, body: '' }),
    );
  });
}

/** The first final response in `data` once complete (or, at `closed`, whatever arrived of it). */
function parseAnswer(data: Buffer, head: boolean, closed: boolean): RawAnswer | undefined {
  let at = 0;
  for (;;) {
    const end = data.indexOf('\r\n\r\n', at);
    if (end === -1) return closed && at < data.length ? { headers: {}, body: data.toString('latin1') } : undefined;
    const [line = '', ...fields] = data.subarray(at, end).toString('latin1').split('\r\n');
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(line)?.[1]);
    if (!status) return closed ? { headers: {}, body: data.toString('latin1') } : undefined;
    const headers = Object.fromEntries(
      fields.map((f) => [f.slice(0, f.indexOf(':')).trim().toLowerCase(), f.slice(f.indexOf(':') + 1).trim()]),
    );
    const start = end + 4;
    if (status < 200) {
      at = start;
      continue;
    }
    const rest = data.subarray(start);
    if (head || status === 204 || status === 304) return { status, headers, body: '' };
    if (headers['content-length'] !== undefined) {
      const length = Number(headers['content-length']);
      if (rest.length < length && !closed) return undefined;
      return { status, headers, body: rest.subarray(0, length).toString('utf8') };
    }
    if (/chunked/i.test(headers['transfer-encoding'] ?? '')) {
      const body = dechunk(rest);
      return body === undefined && !closed ? undefined : { status, headers, body: body ?? rest.toString('utf8') };
    }
    return closed ? { status, headers, body: rest.toString('utf8') } : undefined;
  }
}

function dechunk(data: Buffer): string | undefined {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const eol = data.indexOf('\r\n', at);
    if (eol === -1) return undefined;
    const size = Number.parseInt(data.subarray(at, eol).toString('latin1'), 16);
    if (Number.isNaN(size)) return undefined;
    if (size === 0) return Buffer.concat(parts).toString('utf8');
    if (data.length < eol + 2 + size + 2) return undefined;
    parts.push(data.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
}

export interface TableOptions {
  /** Where the server's paths start: '' for the docs, '/api/v2' for the API servers. */
  prefix: string;
  /** Headers every request carries (an API key, so a refusal is about the request, not the key). */
  headers?: Record<string, string>;
  /** A path whose POST reads a JSON body (an operation), for the bodies cut short; default `prefix/`. */
  post?: string;
}

const request = (lines: string[], body = '', after: After = 'wait'): RawRequest => ({
  bytes: Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), Buffer.from(body, 'utf8')]),
  after,
});

/**
 * The malformed requests every server must answer with a 4xx and survive, by name, and one normal
 * request (`GET prefix/`); each server's test says which status it wants for each. Each asks the
 * server to close after answering.
 */
export function malformedRequests({ prefix, headers = {}, post = `${prefix}/` }: TableOptions) {
  const extra = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  const get = (target: string, more: string[] = []) =>
    request([`GET ${target} HTTP/1.1`, 'Host: localhost', ...extra, ...more, 'Connection: close']);
  const p = prefix;
  return {
    normal: get(`${p}/`),
    'bad percent-escape': get(`${p}/%`),
    'bad percent-escape in the query': get(`${p}/?q=%zz`),
    'NUL byte, escaped': get(`${p}/%00`),
    'path through a file': get(`${p}/index.html/x`),
    'dot segments': get(`${p}/../../../../etc/passwd`),
    'dot segments, escaped': get(`${p}/%2e%2e/%2E%2E/%2e%2e/etc/passwd`),
    'dot segments with escaped slashes': get(`${p}/..%2f..%2f..%2fetc%2fpasswd`),
    'a 9,000-byte URL': get(`${p}/${'a'.repeat(9000)}`),
    'a 20,000-byte URL, past the header limit': get(`${p}/${'a'.repeat(20_000)}`),
    'protocol-relative target': get('//'),
    'asterisk target': get('*'),
    'absolute-form target': get(`http://elsewhere.invalid${p}/`),
    'unknown method': request([`BREW ${p}/ HTTP/1.1`, 'Host: localhost', ...extra, 'Connection: close']),
    'a method served nowhere': request([`PROPFIND ${p}/ HTTP/1.1`, 'Host: localhost', ...extra, 'Connection: close']),
    'unknown HTTP version': request([`GET ${p}/ HTTP/7.3`, 'Host: localhost', ...extra, 'Connection: close']),
    'not HTTP at all': { bytes: Buffer.from([0, 1, 2, 255, 13, 10, 13, 10]), after: 'wait' as const },
    'no Host header': request([`GET ${p}/ HTTP/1.1`, ...extra, 'Connection: close']),
    'header line without a colon': get(`${p}/`, ['this is no header']),
    'non-UTF-8 bytes in the path': get(`${p}/\xff\xfe`),
    'Content-Length and Transfer-Encoding both': request(
      [`POST ${post} HTTP/1.1`, 'Host: localhost', ...extra, 'Content-Length: 3', 'Transfer-Encoding: chunked'],
      '0\r\n\r\n',
    ),
    'bad chunk size': request(
      [`POST ${post} HTTP/1.1`, 'Host: localhost', ...extra, 'Transfer-Encoding: chunked', 'Connection: close'],
      'zz\r\n{}\r\n0\r\n\r\n',
    ),
    'body cut short': request(
      [
        `POST ${post} HTTP/1.1`,
        'Host: localhost',
        ...extra,
        'Content-Type: application/json',
        'Content-Length: 100',
        'Connection: close',
      ],
      '{"mobile":',
      'end',
    ),
    'hang-up mid-body': request(
      [`POST ${post} HTTP/1.1`, 'Host: localhost', ...extra, 'Content-Type: application/json', 'Content-Length: 100'],
      '{"mobile":',
      'hangup',
    ),
    'hang-up mid-headers': {
      bytes: Buffer.from(`GET ${p}/ HTTP/1.1\r\nHost: local`, 'latin1'),
      after: 'hangup' as const,
    },
  } satisfies Record<string, RawRequest>;
}

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

/**
 * Generated request lines (method, target of arbitrary bytes and percent-escapes, version) and
 * headers, each sent and then half-closed, so that a server never waits for more. `fc` is the
 * caller's fast-check.
 */
export function generatedRequests(fc: typeof FastCheck, { prefix, headers = {}, post = `${prefix}/` }: TableOptions) {
  const method = fc.oneof(
    fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH', 'PROPFIND', 'CONNECT', 'TRACE'),
    fc.stringMatching(/^[A-Za-z!#$%&'*+.^_`|~-]{1,10}$/),
    fc.uint8Array({ maxLength: 8 }).map(latin1),
  );
  const segment = fc.oneof(
    fc.constantFrom('..', '.', '', '%', '%0', '%00', '%2e%2e', '%2F', '%zz', '%C0%AF', '%ff', 'index.html', '~', '\\'),
    fc.stringMatching(/^[A-Za-z0-9._~-]{1,12}$/),
    fc.uint8Array({ maxLength: 6 }).map((b) => [...b].map((x) => `%${x.toString(16).padStart(2, '0')}`).join('')),
    fc.uint8Array({ maxLength: 6 }).map(latin1),
  );
  const path = fc
    .tuple(fc.constantFrom(prefix, '', post.replace(/\/$/, '')), fc.array(segment, { maxLength: 6 }))
    .map(([start, segments]) => [start, ...segments].join('/') || '/');
  const query = fc.option(
    fc
      .array(fc.tuple(segment, segment), { maxLength: 3 })
      .map((pairs) => `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}`),
    { nil: '' },
  );
  const target = fc.oneof(
    { weight: 6, arbitrary: fc.tuple(path, query).map(([p, q]) => `${p}${q}`) },
    { weight: 1, arbitrary: fc.constantFrom('*', '//', '///x', 'http://elsewhere.invalid/', '', 'x') },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 16 }).map(latin1) },
  );
  const version = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom('HTTP/1.1', 'HTTP/1.0') },
    { weight: 1, arbitrary: fc.constantFrom('HTTP/2.0', 'HTTP/0.9', 'http/1.1', 'HTTP/1.1 extra', '') },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 10 }).map(latin1) },
  );
  const name = fc.oneof(
    fc.constantFrom(
      'Content-Length',
      'Transfer-Encoding',
      'Content-Type',
      'Expect',
      'Connection',
      'Upgrade',
      'Host',
      'API-KEY',
      'Origin',
      'Access-Control-Request-Method',
      'Accept',
      'Prefer',
    ),
    fc.stringMatching(/^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,16}$/),
    fc.uint8Array({ maxLength: 8 }).map(latin1),
  );
  const value = fc.oneof(
    fc.constantFrom('0', '5', '-1', '99999999999999999999', 'chunked', 'gzip, chunked', '100-continue', 'upgrade'),
    fc.constantFrom('websocket', 'application/json', 'text/plain', '*/*', 'code=500', 'close', 'keep-alive'),
    fc.string({ maxLength: 20 }),
    fc.uint8Array({ maxLength: 20 }).map(latin1),
  );
  const fields = fc.array(fc.tuple(name, value), { maxLength: 6 });
  const own = Object.entries(headers);
  return fc
    .record({
      method,
      target,
      version,
      host: fc.boolean(),
      key: fc.boolean(),
      fields,
      body: fc.uint8Array({ maxLength: 40 }),
    })
    .map(({ method, target, version, host, key, fields, body }): RawRequest => {
      const lines = [
        `${method} ${target} ${version}`,
        ...(host ? ['Host: localhost'] : []),
        ...(key ? own : []).map(([n, v]) => `${n}: ${v}`),
        ...fields.map(([n, v]) => `${n}: ${v}`),
      ];
      return {
        bytes: Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), Buffer.from(body)]),
        after: 'end',
      };
    });
}

/** Whether a request is a HEAD, whose answer has no body to check. */
export const isHead = (r: RawRequest) => r.bytes.subarray(0, 5).toString('latin1') === 'HEAD ';

/** A request as printed in a failure: its bytes, escaped. */
export const shown = (r: RawRequest) => JSON.stringify(r.bytes.toString('latin1'));

export type RowName = keyof ReturnType<typeof malformedRequests>;

export interface SuiteOptions {
  /** `the docs server`, as the tests' titles name it. */
  server: string;
  /** The server's URL, read once it listens. */
  url: () => string;
  table: TableOptions;
  /** given (the shared table's request) → want (status; undefined: the client left, nothing to answer). */
  want: Record<RowName, number | undefined>;
  /** The status of a request the server answers 200 when it still serves. */
  stillServing: () => Promise<number>;
  /** Asserts the shape of a refusal's body (plain text, or the envelope valid against the description). */
  expectRefusal: (answer: RawAnswer, request: string) => void;
  /** The server's log so far: no line may report an internal error. */
  lines: string[];
  fc: typeof FastCheck;
  runs?: number;
}

/**
 * The table test (each row of the shared table, then a normal request) and the fuzz test
 * (generated request lines and headers, each followed by a normal request) for one server.
 */
export function describeMalformed(o: SuiteOptions) {
  const rows = malformedRequests(o.table);
  const refusal = (answer: RawAnswer, request: RawRequest) => {
    expect(answer.status, shown(request)).toBeDefined();
    expect(answer.status, shown(request)).toBeLessThan(500);
    if ((answer.status ?? 0) >= 400 && !isHead(request)) o.expectRefusal(answer, shown(request));
  };
  describe(`${o.server} answers malformed requests and keeps serving`, () => {
    it('has a wanted answer for every row of the shared table', () => {
      expect(Object.keys(o.want).sort()).toEqual(Object.keys(rows).sort());
    });

    it.each(Object.keys(rows) as RowName[])('%s', async (name) => {
      const answer = await sendRaw(o.url(), rows[name]);
      expect(answer.status).toBe(o.want[name]);
      if (answer.status !== undefined) refusal(answer, rows[name]);
      expect(await o.stillServing()).toBe(200);
    });

    it('answers generated request lines and headers below 500, and stays up after each', async () => {
      const { fc } = o;
      await fc.assert(
        fc.asyncProperty(generatedRequests(fc, o.table), async (request) => {
          refusal(await sendRaw(o.url(), request), request);
          expect(await o.stillServing(), `after ${shown(request)}`).toBe(200);
        }),
        { numRuns: o.runs ?? 300 },
      );
      expect(o.lines.filter((line) => line.startsWith('internal error'))).toEqual([]);
    }, 120_000); // 600 round trips: a few seconds when quiet, many more on a loaded machine
  });
}

/**
 * What the API servers (the mock and the sandbox, which route alike through @tas/openapi) answer
 * each row with, an API key given: a path under no operation is 404, what node's parser refuses 400.
 */
export const API_WANT: Record<RowName, number | undefined> = {
  normal: 404, // no operation is `/api/v2/` itself
  'bad percent-escape': 404,
  'bad percent-escape in the query': 404,
  'NUL byte, escaped': 404,
  'path through a file': 404,
  'dot segments': 404,
  'dot segments, escaped': 404,
  'dot segments with escaped slashes': 404,
  'a 9,000-byte URL': 404,
  'a 20,000-byte URL, past the header limit': 431,
  'protocol-relative target': 404,
  'asterisk target': 404,
  'absolute-form target': 404,
  'unknown method': 400,
  'a method served nowhere': 404,
  'unknown HTTP version': 400,
  'not HTTP at all': 400,
  'no Host header': 400,
  'header line without a colon': 400,
  'non-UTF-8 bytes in the path': 400,
  'Content-Length and Transfer-Encoding both': 400,
  'bad chunk size': 400,
  'body cut short': 400,
  'hang-up mid-body': undefined,
  'hang-up mid-headers': undefined,
};

/** The API servers' refusal: JSON, valid against the description's ErrorEnvelope (`validate` returns its issues). */
export const envelopeRefusal =
  (validate: (body: unknown) => unknown[]) =>
  (answer: RawAnswer, request: string): void => {
    expect(answer.headers['content-type'], request).toBe('application/json; charset=utf-8');
    expect(validate(JSON.parse(answer.body)), `${request} ${answer.body}`).toEqual([]);
  };
