// The malformed requests every server must answer with a 4xx and survive, and what the API servers answer.
import type { After, RawRequest } from './send.js';

export interface TableOptions {
  /** Where the server's paths start: '' for the docs, '/api/v2' for the API servers. */
  prefix: string;
  /** Headers every request carries (an API key, so a refusal is about the request, not the key). */
  headers?: Record<string, string>;
  /** A path whose POST reads a JSON body (an operation), for the bodies cut short; default `prefix/`. */
  post?: string;
  /** A path the server answers 200 to a GET (with `headers`), for the headers it must not choke on; default `prefix/`. */
  get?: string;
}

/** A POST of these exact bytes as a JSON body (Content-Length given), asking to close after the answer. */
const jsonPost = (path: string, extra: string[], body: Buffer, type = 'application/json'): RawRequest => ({
  bytes: Buffer.concat([
    Buffer.from(
      `${[`POST ${path} HTTP/1.1`, 'Host: localhost', ...extra, `Content-Type: ${type}`, `Content-Length: ${body.length}`, 'Connection: close'].join('\r\n')}\r\n\r\n`,
      'latin1',
    ),
    body,
  ]),
  after: 'wait',
});

const request = (lines: string[], body = '', after: After = 'wait'): RawRequest => ({
  bytes: Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), Buffer.from(body, 'utf8')]),
  after,
});

/**
 * The malformed requests every server must answer with a 4xx and survive, by name, and one normal
 * request (`GET prefix/`); each server's test says which status it wants for each. Each asks the
 * server to close after answering.
 */
export function malformedRequests({
  prefix,
  headers = {},
  post = `${prefix}/`,
  get: served = `${prefix}/`,
}: TableOptions) {
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
    'HTTP/2.0 in an HTTP/1 request line': request([`GET ${p}/ HTTP/2.0`, 'Host: localhost', ...extra]),
    'client half-closes after its request': request([`GET ${p}/ HTTP/1.1`, 'Host: localhost', ...extra], '', 'end'),
    'a whole request, then a NUL byte': request([`GET ${p}/ HTTP/1.1`, 'Host: localhost', ...extra], '\0'),
    'a whole request, then a NUL byte and a half-close': request(
      [`GET ${p}/ HTTP/1.1`, 'Host: localhost', ...extra],
      '\0',
      'end',
    ),
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
    // Bodies: JSON is UTF-8, and what a body may cost is bounded (@tas/openapi's BODY_LIMIT, MAX_DEPTH).
    'a JSON body that is not UTF-8': jsonPost(post, extra, Buffer.from('{"mobile":"\xff\xfe"}', 'latin1')),
    'a JSON body in another charset': jsonPost(post, extra, Buffer.from('{}'), 'application/json; charset=latin1'),
    'a JSON body nested 40 deep': jsonPost(post, extra, Buffer.from(`${'['.repeat(40)}${']'.repeat(40)}`)),
    // Headers a server once choked on (issue 30): Prism answered 500 to an Accept it could not parse and
    // an empty 200 to one that refuses everything; node kept the first of two Hosts and dropped fields
    // past the 2,000th.
    'Accept: a/b;c (a parameter without a value)': get(served, ['Accept: a/b;c']),
    'Accept: / (no type)': get(served, ['Accept: /']),
    'Accept: ;;; (separators only)': get(served, ['Accept: ;;;']),
    'Accept: */*;q=0 (refuses every type)': get(served, ['Accept: */*;q=0']),
    'two Host headers': get(served, ['Host: elsewhere.invalid']),
    'too many header fields (2,100)': get(
      served,
      Array.from({ length: 2100 }, (_, i) => `${i.toString(36)}:1`),
    ),
    'a body declared past the limit': {
      bytes: Buffer.from(
        `POST ${post} HTTP/1.1\r\nHost: localhost\r\n${extra.map((e) => `${e}\r\n`).join('')}Content-Type: application/json\r\nContent-Length: 2000000\r\n\r\n{"record":[`,
        'latin1',
      ),
      after: 'wait' as const,
    },
  } satisfies Record<string, RawRequest>;
}

export type RowName = keyof ReturnType<typeof malformedRequests>;

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
  'HTTP/2.0 in an HTTP/1 request line': 404,
  'client half-closes after its request': 404,
  'a whole request, then a NUL byte': 404, // the request's own answer first; the NUL's 400 follows it
  'a whole request, then a NUL byte and a half-close': 404,
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
  'a JSON body that is not UTF-8': 400,
  'a JSON body in another charset': 400,
  'a JSON body nested 40 deep': 400,
  'Accept: a/b;c (a parameter without a value)': 200, // ignored: every answer is JSON (RFC 9110 12.5.1)
  'Accept: / (no type)': 200,
  'Accept: ;;; (separators only)': 200,
  'Accept: */*;q=0 (refuses every type)': 200,
  'two Host headers': 400,
  'too many header fields (2,100)': 431,
  'a body declared past the limit': 413,
};
