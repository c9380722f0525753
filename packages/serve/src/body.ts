import type { IncomingMessage } from 'node:http';
import { BODY_LIMIT, type RawBody, rawBody } from '@tas/openapi';

/**
 * Reads the whole body (so that the answer never races the upload), keeping at most `limit` bytes:
 * bytes past it are counted, never kept, and a declared length past it is refused at once (the
 * answer closes the connection). An upload the client abandons reads as empty: nobody is left to
 * answer, and it is not the server's fault.
 */
export function readBody(req: IncomingMessage, limit = BODY_LIMIT): Promise<RawBody> {
  if (Number(req.headers['content-length']) > limit) return Promise.resolve({ text: '', tooLarge: true });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    req.on('end', () => resolve(rawBody(Buffer.concat(chunks), size, limit)));
    req.on('error', () => resolve({ text: '', tooLarge: false }));
  });
}
