import { closeSync, createReadStream, openSync, readFileSync, readSync, type Stats, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname } from 'node:path';
import { pipeline } from 'node:stream';
import { pagePolicy, policyOf } from '../builder/page-policy.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.yaml': 'application/yaml; charset=utf-8',
  '.ts': 'text/plain; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.png': 'image/png',
};

/** What the build writes beside a text file (src/builder/compress.ts), best first. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

/** A file name with a content hash (`redoc.165d6626f671.js`): its content never changes under that name. */
export const isHashed = (path: string) => /\.[0-9a-f]{8,}\.[a-z0-9]+$/.test(path);

/**
 * How the file is kept: a hashed file for a year, untouched (`immutable`); anything else may be kept
 * but is checked first (`no-cache`), which the ETag makes a 304 when nothing changed.
 */
export const cacheControl = (path: string) => (isHashed(path) ? 'public, max-age=31536000, immutable' : 'no-cache');

/** The codings the client accepts, by `Accept-Encoding` (q=0 refuses one; `*` accepts the rest). */
export function accepted(header: string | undefined): Set<string> {
  const yes = new Set<string>();
  const no = new Set<string>();
  let star = false;
  for (const part of (header ?? '').split(',')) {
    const [coding = '', ...params] = part.trim().toLowerCase().split(';');
    if (!coding) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    const ok = q === undefined || Number(q) > 0;
    if (coding === '*') star = ok;
    else (ok ? yes : no).add(coding);
  }
  if (star) for (const { name } of ENCODINGS) if (!no.has(name)) yes.add(name);
  return yes;
}

/** The variant to send: the precompressed file the client accepts (br before gzip), or the file itself. */
export function chooseVariant(
  file: string,
  acceptEncoding: string | undefined,
  stat: (path: string) => Stats | undefined = safeStat,
): { path: string; encoding?: string; stats: Stats } | undefined {
  const plain = stat(file);
  if (!plain?.isFile()) return undefined;
  const ok = accepted(acceptEncoding);
  for (const { name, suffix } of ENCODINGS) {
    const stats = ok.has(name) ? stat(file + suffix) : undefined;
    if (stats?.isFile()) return { path: file + suffix, encoding: name, stats };
  }
  return { path: file, stats: plain };
}

/** A path through a file (`page.html.br/x`) throws ENOTDIR even with throwIfNoEntry off: not found too. */
function safeStat(path: string): Stats | undefined {
  try {
    return statSync(path, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

/**
 * Sends a file as a good static host does: the precompressed variant the client accepts with its
 * Content-Encoding, `Vary: Accept-Encoding`, caching by name (see cacheControl), an ETag per variant
 * and a 304 when the client has it already. GET and HEAD.
 */
/**
 * The header policy of a page: the policy the page carries (src/builder/page-policy.ts: its inline
 * scripts by hash, no eval), and what only a header can say: no site may frame it. A page without one
 * (not built by this site) gets the same with no inline script at all.
 */
export const headerPolicy = (page: string | undefined) => `${page ?? pagePolicy([])}; frame-ancestors 'none'`;

/** The policy of a page that carries none. */
export const CONTENT_SECURITY_POLICY = headerPolicy(undefined);

const policies = new Map<string, { mtimeMs: number; policy: string }>();
/** The policy a built page carries, read from its head (cached until the file changes). */
export function policyOfFile(file: string): string {
  const mtimeMs = statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  const cached = policies.get(file);
  if (cached?.mtimeMs === mtimeMs) return cached.policy;
  let head = '';
  try {
    const fd = openSync(file, 'r');
    const buffer = Buffer.alloc(16384);
    head = buffer.subarray(0, readSync(fd, buffer, 0, buffer.length, 0)).toString('utf8');
    closeSync(fd);
  } catch {}
  const policy = headerPolicy(policyOf(head));
  policies.set(file, { mtimeMs, policy });
  return policy;
}

/** Files up to this size are kept in memory once and sent from there (the site's largest is ~2.3 MB). */
export const CACHED_FILE_MAX = 8 * 1024 * 1024;
/** The files kept in memory at most, together; the oldest go first. */
export const CACHE_MAX = 64 * 1024 * 1024;

/**
 * The site's files in memory, one Buffer each (keyed by path, size and mtime, so a rebuild is
 * read again): every answer sends views of that one Buffer, so a thousand clients that stop
 * reading hold no copy of their own, where a read stream each held its own chunks.
 */
export function createFileCache(max = CACHE_MAX) {
  const files = new Map<string, Buffer>();
  let held = 0;
  return (path: string, stats: Stats): Buffer => {
    const key = `${path}\0${stats.size}\0${stats.mtimeMs}`;
    const hit = files.get(key);
    if (hit) return hit;
    const bytes = readFileSync(path);
    files.set(key, bytes);
    held += bytes.length;
    for (const [old, kept] of files) {
      if (held <= max) break;
      files.delete(old);
      held -= kept.length;
    }
    return bytes;
  };
}
const cached = createFileCache();

export function sendFile(
  req: IncomingMessage,
  res: ServerResponse,
  file: string,
  log: (line: string) => void = () => {},
  policy: string = CONTENT_SECURITY_POLICY,
): void {
  const variant = chooseVariant(file, req.headers['accept-encoding']);
  if (!variant) {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
    return;
  }
  const { path, encoding, stats } = variant;
  const etag = `"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}${encoding ? `-${encoding}` : ''}"`;
  const headers: Record<string, string | number> = {
    'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
    'Cache-Control': cacheControl(file),
    ETag: etag,
    'Last-Modified': stats.mtime.toUTCString(),
    Vary: 'Accept-Encoding',
  };
  if (encoding) headers['Content-Encoding'] = encoding;
  if (extname(file) === '.html') headers['Content-Security-Policy'] = policy;
  const tags = (req.headers['if-none-match'] ?? '').split(',').map((t) => t.trim().replace(/^W\//, ''));
  if (tags.includes(etag) || tags.includes('*')) {
    res.writeHead(304, headers).end();
    return;
  }
  headers['Content-Length'] = stats.size;
  if (req.method === 'HEAD') {
    res.writeHead(200, headers).end();
    return;
  }
  if (stats.size <= CACHED_FILE_MAX) {
    let bytes: Buffer;
    try {
      bytes = cached(path, stats);
    } catch (error) {
      // A file gone or unreadable after its stat.
      log(`could not send ${path}: ${(error as Error).message}`);
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    res.writeHead(200, { ...headers, 'Content-Length': bytes.length }).end(bytes);
    return;
  }
  res.writeHead(200, headers);
  // A file gone or unreadable after its stat: the answer is cut short, the server stays up.
  pipeline(createReadStream(path), res, (error) => error && log(`could not send ${path}: ${error.message}`));
}
