import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generatedRequests, malformedRequests, type RowName, sendRaw, shown } from '@tas/serve/malformed';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveDocs } from '../src/serve.js';

// The docs server meets whatever a browser, a pasted URL or a port scanner sends: each gets a plain
// 400 or 404 (or the page), and the server keeps serving.
const dir = mkdtempSync(join(tmpdir(), 'docs-malformed-'));
writeFileSync(join(dir, 'index.html'), '<h1>docs</h1>');
const lines: string[] = [];
let server: Awaited<ReturnType<typeof serveDocs>>;
beforeAll(async () => {
  server = await serveDocs({ dir, port: 0, log: (line) => lines.push(line) });
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const normal = () => sendRaw(server.url, malformedRequests({ prefix: '' }).normal);

const rows = malformedRequests({ prefix: '' });
// given (the shared table's request) → want (status; undefined: the client left, nothing to answer)
const want: Record<RowName, number | undefined> = {
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
  'unknown HTTP version': 400,
  'not HTTP at all': 400,
  'no Host header': 400,
  'header line without a colon': 400,
  'non-UTF-8 bytes in the path': 400,
  'Content-Length and Transfer-Encoding both': 400,
  'bad chunk size': 405, // refused by method before its body is read
  'body cut short': 405,
  'hang-up mid-body': undefined,
  'hang-up mid-headers': undefined,
};

describe('the docs server answers malformed requests and keeps serving', () => {
  it('has a wanted answer for every row of the shared table', () => {
    expect(Object.keys(want).sort()).toEqual(Object.keys(rows).sort());
  });

  it.each(Object.keys(rows) as RowName[])('%s', async (name) => {
    const answer = await sendRaw(server.url, rows[name]);
    expect(answer.status).toBe(want[name]);
    if (answer.status !== undefined && answer.status !== 200) {
      expect(answer.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(answer.body).not.toBe('');
    }
    expect((await normal()).status).toBe(200);
  });

  it('answers generated request lines and headers below 500, and stays up after each', async () => {
    await fc.assert(
      fc.asyncProperty(generatedRequests(fc, { prefix: '' }), async (request) => {
        const answer = await sendRaw(server.url, request);
        expect(answer.status, shown(request)).toBeDefined();
        expect(answer.status, shown(request)).toBeLessThan(500);
        expect((await normal()).status, `after ${shown(request)}`).toBe(200);
      }),
      { numRuns: 300 },
    );
    expect(lines.filter((line) => line.startsWith('internal error'))).toEqual([]);
  }, 120_000); // 600 round trips: a few seconds when quiet, many more on a loaded machine
});
