import { readFileSync, statSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { join, posix } from 'node:path';
import { createGuardedServer, listen, plainText } from '@tas/serve';
import { policyOfFile, sendFile } from './serve/encoded.js';
import { createLive } from './serve/live.js';

export interface ServeOptions {
  dir: string;
  /** Default 8080; 0 picks a free port. */
  port?: number;
  host?: string;
  /** A line per request. */
  log?: (line: string) => void;
  /** A fault of the server itself, answered 500 (never expected); default stderr. */
  logFault?: (line: string) => void;
  /** Pages reload themselves when told (`reload()`): for a site rebuilt as its description is edited. */
  live?: boolean;
}

export const DEFAULT_PORT = 8080;

type Resolved = { file: string } | { status: 400 | 404; text: string };

/**
 * The site path a request target names, as a path inside the site: refused (400) when it cannot be
 * decoded, holds a NUL, or has a `..` segment (encoded or not).
 */
export function sitePath(target: string): { path: string } | { status: 400; text: string } {
  // An absolute-form target (`http://host/path`) names the path after its authority.
  const path = target.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '').split(/[?#]/, 1)[0] as string;
  if (!path.startsWith('/')) return { status: 400, text: 'The request target is not a path.' };
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return { status: 400, text: 'The path has a malformed percent-escape.' };
  }
  if (decoded.includes('\0')) return { status: 400, text: 'The path holds a NUL byte.' };
  // A browser resolves dot segments before it asks; one that reaches us is meant to climb.
  if (decoded.split('/').includes('..')) return { status: 400, text: 'The path has a .. segment.' };
  const normal = posix.normalize(decoded);
  return { path: normal.endsWith('/') ? `${normal}index.html` : normal };
}

function resolve(root: string, target: string): Resolved {
  const named = sitePath(target);
  if (!('path' in named)) return named;
  const file = join(root, named.path);
  try {
    // A path through a file (ENOTDIR), too long a name, one we may not read: each is simply not here.
    if (statSync(file, { throwIfNoEntry: false })?.isFile()) return { file };
  } catch {}
  return { status: 404, text: 'Not found' };
}

function plain(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}) {
  res.writeHead(status, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' }).end(text);
}

/**
 * Serves the built folder as any static host would: files only, `/` is index.html, precompressed
 * variants and caching headers (src/serve/encoded.ts). Any request,
 * however malformed, is answered (400 or 404 in plain text) and the server keeps serving.
 */
export async function serveDocs(options: ServeOptions) {
  const { dir, port = DEFAULT_PORT, host = '127.0.0.1', log = () => {} } = options;
  const logFault = options.logFault ?? ((line: string) => console.error(`docs: ${line}`));
  const root = join(dir, '.');
  const live = options.live ? createLive() : undefined;
  const server = createGuardedServer(
    (req, res) => {
      if (live?.answer(req, res)) return;
      const found = resolve(root, req.url ?? '/');
      const get = req.method === 'GET' || req.method === 'HEAD';
      const status = 'file' in found ? (get ? 200 : 405) : found.status;
      log(`${req.method} ${req.url} ${status}`);
      if (!('file' in found)) return plain(res, found.status, found.text);
      if (!get) return plain(res, 405, 'GET only', { Allow: 'GET, HEAD' });
      // The page's own policy (a rebuild may change it), with what only a header can add.
      const policy = found.file.endsWith('.html') ? policyOfFile(found.file) : undefined;
      if (live && policy) {
        const headers = { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' };
        res.writeHead(200, { ...headers, 'Content-Security-Policy': policy });
        return res.end(req.method === 'HEAD' ? undefined : live.page(readFileSync(found.file, 'utf8')));
      }
      sendFile(req, res, found.file, log, policy);
    },
    { answer: plainText, log, fault: logFault },
  );
  // Open pages told to reload, in live mode; how many were.
  return { ...(await listen(server, port, host)), reload: () => live?.reload() ?? 0 };
}
