import type { IncomingMessage } from 'node:http';
import { BODY_LIMIT, type RawBody, rawBody } from '@tas/openapi';

/**
 * Reads the request body, keeping at most `limit` bytes. A declared length past it is refused at once
 * (the answer closes the connection); bytes past it are counted, never kept.
 */
export async function readBody(req: IncomingMessage, limit = BODY_LIMIT): Promise<RawBody> {
  if (Number(req.headers['content-length']) > limit) return { text: '', tooLarge: true };
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= limit) chunks.push(chunk);
  }
  return rawBody(Buffer.concat(chunks), size, limit);
}
