import type { IncomingMessage } from 'node:http';
import type { Message } from './envelope.js';

export type BodyResult = { ok: true; body: unknown } | { ok: false; message: Message };

/** Large enough for 1,000 free-text answers of 5,000 characters (SubmitAnswersRequest's limits). */
export const MAX_BODY_BYTES = 8 * 1024 * 1024;

/**
 * Reads a request body as JSON. No body gives `undefined` (Prism then says whether one was
 * required); a body that is not JSON, too large or of another content type is refused here, before
 * Prism sees it, with the interface's `invalid_body`.
 */
export async function readJsonBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<BodyResult> {
  const chunks: Buffer[] = [];
  let size = 0;
  // Drain the whole body even when it is too large: leaving the loop early would destroy the socket
  // before the 400 could be sent.
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= limit) chunks.push(chunk);
  }
  if (size > limit) return refuse(`The request body is larger than ${limit} bytes.`);
  if (size === 0) return { ok: true, body: undefined };
  const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json' && !type?.endsWith('+json')) {
    return refuse(`Content-Type must be application/json; got ${type || 'none'}.`);
  }
  try {
    return { ok: true, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) };
  } catch {
    return refuse('The request body is not valid JSON.');
  }
}

function refuse(text: string): BodyResult {
  return { ok: false, message: { code: 'invalid_body', text } };
}
