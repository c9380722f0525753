import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeMalformed, malformedRequests, sendRaw } from '@tas/serve/malformed';
import fc from 'fast-check';
import { afterAll, beforeAll, expect } from 'vitest';
import { serveDocs } from '../src/serve.js';

// The docs server meets whatever a browser, a pasted URL or a port scanner sends: each gets a plain
// 400 or 404 (or the page), and the server keeps serving.
const dir = mkdtempSync(join(tmpdir(), 'docs-malformed-'));
writeFileSync(join(dir, 'index.html'), '<h1>docs</h1>');
const lines: string[] = [];
let server: Awaited<ReturnType<typeof serveDocs>>;
beforeAll(async () => {
  server = await serveDocs({ dir, port: 0, log: (line) => lines.push(line), logFault: (line) => lines.push(line) });
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const table = { prefix: '' };
describeMalformed({
  server: 'the docs server',
  url: () => server.url,
  table,
  want: {
    normal: 200,
    'bad percent-escape': 400,
    'bad percent-escape in the query': 200, // a static host ignores the query
    'NUL byte, escaped': 400,
    'path through a file': 404,
    'dot segments': 400,
    'dot segments, escaped': 400,
    'dot segments with escaped slashes': 400,
    'a 9,000-byte URL': 404,
    'a 20,000-byte URL, past the header limit': 431,
    'protocol-relative target': 200, // `//` is `/`, as a static host merges slashes
    'asterisk target': 400,
    'absolute-form target': 200,
    'unknown method': 400,
    'a method served nowhere': 405,
    'HTTP/2.0 in an HTTP/1 request line': 200, // node reads it as HTTP/1 and answers in 1.1
    'client half-closes after its request': 200, // the page is still sent (it once was not: an empty answer)
    // The page first, then the NUL's 400 (the page was once lost: the socket was closed under it).
    'a whole request, then a NUL byte': 200,
    'a whole request, then a NUL byte and a half-close': 200,
    'unknown HTTP version': 400,
    'not HTTP at all': 400,
    'no Host header': 400,
    'header line without a colon': 400,
    'non-UTF-8 bytes in the path': 400,
    'Content-Length and Transfer-Encoding both': 400,
    'bad chunk size': 405, // refused by its method before its body is read
    'body cut short': 405,
    'hang-up mid-body': undefined,
    'hang-up mid-headers': undefined,
    // The site takes no POST at all.
    'a JSON body that is not UTF-8': 405,
    'a JSON body in another charset': 405,
    'a JSON body nested 40 deep': 405,
    'a body declared past the limit': 405,
    // A static host ignores Accept (RFC 9110 12.5.1): the page, whatever is asked.
    'Accept: a/b;c (a parameter without a value)': 200,
    'Accept: / (no type)': 200,
    'Accept: ;;; (separators only)': 200,
    'Accept: */*;q=0 (refuses every type)': 200,
    'two Host headers': 400,
    'too many header fields (2,100)': 431,
  },
  stillServing: async () => (await sendRaw(server.url, malformedRequests(table).normal)).status ?? 0,
  expectRefusal: (answer, request) => {
    expect(answer.headers['content-type'], request).toBe('text/plain; charset=utf-8');
    expect(answer.body, request).not.toBe('');
  },
  lines,
  fc,
});
