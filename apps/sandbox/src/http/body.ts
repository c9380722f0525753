import type { IncomingMessage } from 'node:http';

import type { RawBody } from '@tas/openapi';

export type { RawBody };

/** Reads the whole body (so that the answer never races the upload), keeping at most `limit` bytes. */
export function readBody(req: IncomingMessage, limit: number): Promise<RawBody> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    req.on('end', () => resolve({ text: Buffer.concat(chunks).toString('utf8'), tooLarge: size > limit }));
    req.on('error', reject);
  });
}
