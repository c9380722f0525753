import type { IncomingMessage } from 'node:http';

import { type RawBody, rawBody } from '@tas/openapi';

export type { RawBody };

/**
 * Reads the whole body (so that the answer never races the upload), keeping at most `limit` bytes.
 * A declared length past it is refused at once (the answer closes the connection).
 */
export function readBody(req: IncomingMessage, limit: number): Promise<RawBody> {
  if (Number(req.headers['content-length']) > limit) return Promise.resolve({ text: '', tooLarge: true });
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    req.on('end', () => resolve(rawBody(Buffer.concat(chunks), size, limit)));
    req.on('error', reject);
  });
}
