import { statSync } from 'node:fs';
import { createServer } from 'node:http';
import { join, normalize, sep } from 'node:path';
import { listen } from '@tas/serve';
import { sendFile } from './serve/encoded.js';

export interface ServeOptions {
  dir: string;
  /** Default 8080; 0 picks a free port. */
  port?: number;
  host?: string;
  log?: (line: string) => void;
}

export const DEFAULT_PORT = 8080;

/** Serves the built folder as any static host would: files only, `/` is index.html, precompressed variants (src/serve/encoded.ts). */
export async function serveDocs({ dir, port = DEFAULT_PORT, host = '127.0.0.1', log = () => {} }: ServeOptions) {
  const root = normalize(dir);
  const server = createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://docs.invalid').pathname);
    const file = normalize(join(root, pathname.endsWith('/') ? `${pathname}index.html` : pathname));
    const inside = file.startsWith(root + sep);
    const found = inside && statSync(file, { throwIfNoEntry: false })?.isFile();
    log(`${req.method} ${pathname} ${found ? 200 : 404}`);
    if (!found || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res
        .writeHead(found ? 405 : 404, { 'Content-Type': 'text/plain; charset=utf-8' })
        .end(found ? 'GET only' : 'Not found');
      return;
    }
    sendFile(req, res, file);
  });
  return listen(server, port, host);
}
