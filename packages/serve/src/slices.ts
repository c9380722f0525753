import type { ServerResponse } from 'node:http';

/** The size of the writes a large answer is cut into. */
export const SLICE_BYTES = 64 * 1024;

/**
 * Makes `res.end(body)` with a large body write it in slices, each once the last is taken. Node
 * writes one large body in one go, and a client reading slowly but steadily takes no whole write
 * for a long time: the send timeout (bounds.ts) would close it as if it had stopped reading. A
 * slice taken proves the client still reads. Content-Length is kept as `end` would have set it.
 */
export function sliceLargeEnds(res: ServerResponse): void {
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  res.end = ((chunk?: unknown, encoding?: unknown, callback?: unknown) => {
    const body = large(chunk) && res.req.method !== 'HEAD' ? bodyOf(chunk, encoding) : undefined;
    if (!body || body.length <= 2 * SLICE_BYTES) return end(chunk, encoding, callback);
    const done = typeof encoding === 'function' ? encoding : callback;
    if (!res.headersSent && !res.hasHeader('Content-Length')) res.setHeader('Content-Length', body.length);
    let at = 0;
    const next = () => {
      while (body.length - at > SLICE_BYTES) {
        if (res.destroyed) return;
        const more = res.write(body.subarray(at, at + SLICE_BYTES));
        at += SLICE_BYTES;
        if (!more) {
          res.once('drain', next);
          return;
        }
      }
      end(body.subarray(at), done);
    };
    next();
    return res;
  }) as ServerResponse['end'];
}

/** Whether a body may be past two slices (a string's UTF-8 is at most 3 bytes a code unit): cheap, no copy. */
const large = (chunk: unknown) =>
  typeof chunk === 'string'
    ? chunk.length * 3 > 2 * SLICE_BYTES
    : chunk instanceof Uint8Array && chunk.byteLength > 2 * SLICE_BYTES;

function bodyOf(chunk: unknown, encoding: unknown): Buffer | undefined {
  if (typeof chunk === 'string')
    return Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  return undefined;
}
