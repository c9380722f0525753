import type { IncomingMessage } from 'node:http';
import { BODY_LIMIT, type RawBody } from '@tas/openapi';

/**
 * Reads the whole request body, keeping at most `limit` bytes: draining it even when too large,
 * since leaving the loop early would destroy the socket before the 400 could be sent.
 */
export async function readBody(req: IncomingMessage, limit = BODY_LIMIT): Promise<RawBody> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= limit) chunks.push(chunk);
  }
  return { text: size > limit ? '' : Buffer.concat(chunks).toString('utf8'), tooLarge: size > limit };
}
