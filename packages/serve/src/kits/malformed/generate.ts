// The fuzz test's requests: generated request lines and headers.
import type FastCheck from 'fast-check';
import type { RawRequest } from './send.js';
import type { TableOptions } from './table.js';

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

/**
 * Generated request lines (method, target of arbitrary bytes and percent-escapes, version) and
 * headers, each sent and then half-closed, so that a server never waits for more. `fc` is the
 * caller's fast-check.
 */
export function generatedRequests(
  fc: typeof FastCheck,
  { prefix, headers = {}, post = `${prefix}/`, get = `${prefix}/` }: TableOptions,
) {
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
    // A path the server answers: its headers reach the handler (and, in the mock, Prism).
    { weight: 3, arbitrary: fc.tuple(fc.constant(get), query).map(([p, q]) => `${p}${q}`) },
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
    // Media ranges, well and badly formed (Prism once answered 500 to `a/b;c`).
    fc.constantFrom('a/b;c', '/', ';;;', '*/*;q=0', 'application/json;q=0', 'text/html', '*/*;q=x', 'a/b;c=', 'x/*'),
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
