import type { IncomingMessage } from 'node:http';
import { BODY_LIMIT, type RawBody, rawBody } from '@tas/openapi';
import { BODY_BYTES_PER_CLIENT, BODY_BYTES_TOTAL } from './bounds.js';
import { clientOf } from './client-address.js';

// Bytes reserved for bodies being read, per client and in all. A body reserves its declared length
// (a chunked one, the limit) before a byte of it is read, so a client's stalled uploads count
// against it in full and every body started can finish; one past the bound waits, unread.
const reserved = new Map<string, number>();
let total = 0;
const waiting: { client: string; bytes: number; start: () => void }[] = [];

/** Within the client's bound, and once the total is reached, within a fair share of it. */
function fits(client: string, bytes: number): boolean {
  const mine = (reserved.get(client) ?? 0) + bytes;
  if (mine > BODY_BYTES_PER_CLIENT) return false;
  return total + bytes <= BODY_BYTES_TOTAL || mine <= BODY_BYTES_TOTAL / (reserved.size + 1);
}

function reserve(client: string, bytes: number) {
  const mine = (reserved.get(client) ?? 0) + bytes;
  if (mine > 0) reserved.set(client, mine);
  else reserved.delete(client);
  total += bytes;
}

function release(client: string, bytes: number) {
  reserve(client, -bytes);
  for (let i = 0; i < waiting.length; ) {
    const next = waiting[i] as (typeof waiting)[number];
    if (!fits(next.client, next.bytes)) i++;
    else {
      waiting.splice(i, 1);
      reserve(next.client, next.bytes);
      next.start();
    }
  }
}

/** Bytes reserved for bodies now (the tests: given back when their readers end). */
export const bodyBytesHeld = (): number => total;

/**
 * Reads the whole body (so that the answer never races the upload), up to `limit` bytes: a declared
 * length past it is refused at once, and a chunked body is cut when it passes it (the answer closes
 * the connection, the rest unread). Its bytes count against its client (`clientOf`) from before the
 * first is read until the body is done or abandoned (BODY_BYTES_PER_CLIENT, BODY_BYTES_TOTAL). An
 * abandoned upload reads as empty: nobody is left to answer, and it is not the server's fault.
 */
export function readBody(req: IncomingMessage, limit = BODY_LIMIT, client = clientOf(req)): Promise<RawBody> {
  const declared = Number(req.headers['content-length']);
  if (declared > limit) return Promise.resolve({ text: '', tooLarge: true });
  const bytes = Number.isSafeInteger(declared) && declared >= 0 ? declared : limit;
  return new Promise((resolve) => {
    let chunks: Buffer[] = [];
    let size = 0;
    let started = false;
    let finished = false;
    const entry = {
      client,
      bytes,
      start: () => {
        started = true;
        req.on('data', take);
        req.resume();
      },
    };
    const done = (body: RawBody) => {
      if (finished) return;
      finished = true;
      req.off('data', take);
      chunks = [];
      if (started) release(client, bytes);
      else waiting.splice(waiting.indexOf(entry), 1);
      resolve(body);
    };
    const take = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.pause();
        return done({ text: '', tooLarge: true });
      }
      chunks.push(chunk);
    };
    req.on('end', () => done(rawBody(Buffer.concat(chunks), size, limit)));
    req.on('error', () => done({ text: '', tooLarge: false }));
    req.on('close', () => done({ text: '', tooLarge: false }));
    if (fits(client, bytes)) {
      reserve(client, bytes);
      entry.start();
    } else {
      req.pause();
      waiting.push(entry);
    }
  });
}
