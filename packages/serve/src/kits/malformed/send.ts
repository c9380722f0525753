// Requests sent as raw bytes over a TCP socket, since fetch refuses to send most malformed ones.
import { connect } from 'node:net';

/** What a server sent back: `status` undefined when it closed without answering. */
export interface RawAnswer {
  status?: number;
  headers: Record<string, string>;
  body: string;
}

/** After the request's bytes: keep the socket open, half-close it (the client ends), or drop it. */
export type After = 'wait' | 'end' | 'hangup';

export interface RawRequest {
  bytes: Buffer;
  after: After;
}

/** Long enough for a server on a loaded machine; an answer that takes longer is a hung server. */
const ANSWER_LIMIT_MS = 60_000;

/**
 * Sends `bytes` to `url`'s host and port over a new connection and resolves with the first final
 * answer (1xx skipped), or with no status when the server closes without one (or `hangup` is asked).
 */
export function sendRaw(url: string, { bytes, after }: RawRequest): Promise<RawAnswer> {
  const { hostname, port } = new URL(url);
  const head = bytes.subarray(0, 8).toString('latin1');
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) });
    let received = Buffer.alloc(0);
    let settled = false;
    const finish = (answer: RawAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(answer);
    };
    const timer = setTimeout(() => {
      settled = true;
      socket.destroy();
      reject(
        new Error(`no answer in ${ANSWER_LIMIT_MS} ms to ${JSON.stringify(bytes.toString('latin1').slice(0, 200))}`),
      );
    }, ANSWER_LIMIT_MS);
    socket.on('connect', () => {
      // A hang-up is abrupt (a reset), as when a browser tab closes mid-upload.
      socket.write(bytes, () => after === 'hangup' && socket.resetAndDestroy());
      if (after === 'end') socket.end();
    });
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const answer = parseAnswer(received, head.startsWith('HEAD '), false);
      if (answer) finish(answer);
    });
    socket.on('error', () => {}); // a reset after the answer, or instead of one: judged on 'close'
    socket.on('close', () =>
      finish(parseAnswer(received, head.startsWith('HEAD '), true) ?? { headers: {}, body: '' }),
    );
  });
}

/** The first final response in `data` once complete (or, at `closed`, whatever arrived of it). */
function parseAnswer(data: Buffer, head: boolean, closed: boolean): RawAnswer | undefined {
  let at = 0;
  for (;;) {
    const end = data.indexOf('\r\n\r\n', at);
    if (end === -1) return closed && at < data.length ? { headers: {}, body: data.toString('latin1') } : undefined;
    const [line = '', ...fields] = data.subarray(at, end).toString('latin1').split('\r\n');
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(line)?.[1]);
    if (!status) return closed ? { headers: {}, body: data.toString('latin1') } : undefined;
    const headers = Object.fromEntries(
      fields.map((f) => [f.slice(0, f.indexOf(':')).trim().toLowerCase(), f.slice(f.indexOf(':') + 1).trim()]),
    );
    const start = end + 4;
    if (status < 200) {
      at = start;
      continue;
    }
    const rest = data.subarray(start);
    if (head || status === 204 || status === 304) return { status, headers, body: '' };
    if (headers['content-length'] !== undefined) {
      const length = Number(headers['content-length']);
      if (rest.length < length && !closed) return undefined;
      return { status, headers, body: rest.subarray(0, length).toString('utf8') };
    }
    if (/chunked/i.test(headers['transfer-encoding'] ?? '')) {
      const body = dechunk(rest);
      return body === undefined && !closed ? undefined : { status, headers, body: body ?? rest.toString('utf8') };
    }
    return closed ? { status, headers, body: rest.toString('utf8') } : undefined;
  }
}

function dechunk(data: Buffer): string | undefined {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const eol = data.indexOf('\r\n', at);
    if (eol === -1) return undefined;
    const size = Number.parseInt(data.subarray(at, eol).toString('latin1'), 16);
    if (Number.isNaN(size)) return undefined;
    if (size === 0) return Buffer.concat(parts).toString('utf8');
    if (data.length < eol + 2 + size + 2) return undefined;
    parts.push(data.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
}

/** Whether a request is a HEAD, whose answer has no body to check. */
export const isHead = (r: RawRequest) => r.bytes.subarray(0, 5).toString('latin1') === 'HEAD ';

/** A request as printed in a failure: its bytes, escaped. */
export const shown = (r: RawRequest) => JSON.stringify(r.bytes.toString('latin1'));
