import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressSite } from '../src/builder/compress.js';
import { accepted, cacheControl, createFileCache } from '../src/serve/encoded.js';
import { serveDocs } from '../src/serve.js';

// The docs server as a good static host: the build's .br and .gz sent by Accept-Encoding, with
// Vary and caching headers; against the real server on a free port, with raw HTTP (no decoding).
const dir = mkdtempSync(join(tmpdir(), 'tas-docs-encoded-'));
const page = `<!DOCTYPE html><title>t</title>${'<p>The same words compress well. '.repeat(400)}`;
const script = `export const x = ${JSON.stringify('renderer '.repeat(2000))};`;
let server: Awaited<ReturnType<typeof serveDocs>>;

beforeAll(async () => {
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'reference.html'), page);
  writeFileSync(join(dir, 'assets', 'redoc.0123456789ab.js'), script);
  writeFileSync(join(dir, 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  compressSite(dir, join(dir, '..', `${dir.split('/').pop()}-cache`));
  server = await serveDocs({ dir, port: 0 });
});

afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
  rmSync(`${dir}-cache`, { recursive: true, force: true });
});

function get(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      const req = request(`${server.url}${path}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      });
      req.on('error', reject);
      req.end();
    },
  );
}

const decode = { br: brotliDecompressSync, gzip: gunzipSync, none: (b: Buffer) => b } as const;

describe('the docs server sends what the build compressed', () => {
  it.each([
    // given Accept-Encoding, want Content-Encoding
    ['br, gzip', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['identity', 'none'],
    ['', 'none'],
  ] as const)('Accept-Encoding "%s" gets %s', async (acceptEncoding, want) => {
    for (const [path, content] of [
      ['/reference.html', page],
      ['/assets/redoc.0123456789ab.js', script],
    ] as const) {
      const res = await get(path, acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {});
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding'] ?? 'none').toBe(want);
      expect(res.headers.vary).toBe('Accept-Encoding');
      expect(decode[want](res.body).toString()).toBe(content);
      expect(Number(res.headers['content-length'])).toBe(res.body.length);
      if (want !== 'none') expect(res.body.length).toBeLessThan(content.length / 5);
    }
  });

  it.each([
    ['/assets/redoc.0123456789ab.js', 'public, max-age=31536000, immutable', 'text/javascript; charset=utf-8'],
    ['/reference.html', 'no-cache', 'text/html; charset=utf-8'],
    ['/logo.png', 'no-cache', 'image/png'],
  ])('%s: Cache-Control %s, Content-Type %s', async (path, cache, type) => {
    const res = await get(path, { 'Accept-Encoding': 'gzip' });
    expect([res.headers['cache-control'], res.headers['content-type']]).toEqual([cache, type]);
  });

  it('answers a revalidation with 304 when the page is unchanged, per encoding', async () => {
    const first = await get('/reference.html', { 'Accept-Encoding': 'br' });
    const again = await get('/reference.html', {
      'Accept-Encoding': 'br',
      'If-None-Match': String(first.headers.etag),
    });
    expect([again.status, again.body.length]).toEqual([304, 0]);
    const other = await get('/reference.html', {
      'Accept-Encoding': 'gzip',
      'If-None-Match': String(first.headers.etag),
    });
    expect(other.status).toBe(200);
  });

  it('writes no variant for a file that does not compress', () => {
    expect(() => readFileSync(join(dir, 'logo.png.gz'))).toThrow();
  });

  it('keeps answering 404 for what is not there, with any Accept-Encoding', async () => {
    expect((await get('/missing.html', { 'Accept-Encoding': 'br' })).status).toBe(404);
    expect((await get('/missing/reference.html', { 'Accept-Encoding': 'gzip' })).status).toBe(404);
  });
});

describe('reading Accept-Encoding and the cache rule', () => {
  it.each([
    ['gzip, br', ['br', 'gzip']],
    ['gzip;q=0.5, br;q=0', ['gzip']],
    ['*;q=0.1', ['br', 'gzip']],
    ['*, br;q=0', ['gzip']],
    ['GZIP', ['gzip']],
    ['', []],
  ])('"%s" accepts %j', (header, want) => {
    expect([...accepted(header)].filter((c) => c === 'br' || c === 'gzip').sort()).toEqual(want);
  });

  it.each([
    ['assets/redoc.165d6626f671.js', 'public, max-age=31536000, immutable'],
    ['reference.html', 'no-cache'],
    ['v/2.0.0/openapi.yaml', 'no-cache'],
  ])('%s is kept as %s', (path, want) => {
    expect(cacheControl(path)).toBe(want);
  });
});

describe('the files kept in memory, one Buffer each', () => {
  it('answers every request for a file from one Buffer, reads a rebuilt file again, drops the oldest past its bound', () => {
    const cache = createFileCache(script.length);
    const file = join(dir, 'assets', 'redoc.0123456789ab.js');
    const other = join(dir, 'reference.html');
    const first = cache(file, statSync(file));
    // The same Buffer for every client: a thousand that stop reading hold no copy of their own.
    expect(cache(file, statSync(file))).toBe(first);
    utimesSync(file, new Date(), new Date(Date.now() + 60_000));
    expect(cache(file, statSync(file))).not.toBe(first);
    const kept = cache(file, statSync(file));
    cache(other, statSync(other)); // past the bound: the oldest (the script) goes
    expect(cache(file, statSync(file))).not.toBe(kept);
  });
});
