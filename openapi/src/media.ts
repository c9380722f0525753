import { crc32, deflateSync } from 'node:zlib';
import type { JsonObject, OpenApiDocument } from './description.js';

/**
 * Sample media, served by the mock and the sandbox where the description says a relative media
 * path resolves (`info.x-media-base`): the files the description's examples name, drawn here
 * rather than committed as binaries, so that they are as small and as reviewable as code.
 */
export interface MediaFile {
  type: string;
  bytes: Buffer;
}

/** Where a deployment answers media: the path below its base address that sample paths start with. */
export const MEDIA_PREFIX = '/media/';

/** The description's media base (`info.x-media-base.url`, e.g. `{base_url}/`), as a template. */
export function mediaBaseOf(doc: OpenApiDocument): string {
  const base = (doc.info as JsonObject)['x-media-base'] as JsonObject | undefined;
  if (typeof base?.url !== 'string') throw new Error('the description states no media base (info.x-media-base.url)');
  return base.url;
}

type Rgb = [number, number, number];
type Painter = (x: number, y: number, w: number, h: number) => Rgb;

/** A truecolour PNG (RFC 2083) of w×h pixels, each painted by `paint`. */
export function png(w: number, h: number, paint: Painter): Buffer {
  const rows = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) {
    const at = y * (w * 3 + 1); // filter byte 0 (none), then the row's pixels
    for (let x = 0; x < w; x++)
      rows.set(
        paint(x, y, w, h).map((c) => Math.max(0, Math.min(255, Math.round(c)))),
        at + 1 + x * 3,
      );
  }
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8 bits, truecolour, deflate, no filter method variants, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A mono 8-bit PCM WAV of the given notes (Hz, seconds each), softened at each note's edges. */
export function wav(notes: [number, number][], rate = 8000): Buffer {
  const samples: number[] = [];
  for (const [hz, seconds] of notes) {
    const n = Math.round(rate * seconds);
    for (let i = 0; i < n; i++) {
      const edge = Math.min(1, i / 200, (n - i) / 200);
      samples.push(128 + 90 * edge * Math.sin((2 * Math.PI * hz * i) / rate));
    }
  }
  const data = Buffer.from(samples.map((s) => Math.round(s)));
  const head = Buffer.alloc(44);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(36 + data.length, 4);
  head.write('WAVEfmt ', 8, 'latin1');
  head.writeUInt32LE(16, 16); // fmt chunk size
  head.writeUInt16LE(1, 20); // PCM
  head.writeUInt16LE(1, 22); // mono
  head.writeUInt32LE(rate, 24);
  head.writeUInt32LE(rate, 28); // bytes per second
  head.writeUInt16LE(1, 32); // block align
  head.writeUInt16LE(8, 34); // bits per sample
  head.write('data', 36, 'latin1');
  head.writeUInt32LE(data.length, 40);
  return Buffer.concat([head, data]);
}

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  a[0] + (b[0] - a[0]) * t,
  a[1] + (b[1] - a[1]) * t,
  a[2] + (b[2] - a[2]) * t,
];
const SKY: [Rgb, Rgb] = [
  [120, 180, 235],
  [210, 232, 250],
];

/** A calm sea under a low sun. */
const sea: Painter = (x, y, w, h) => {
  const horizon = h * 0.45;
  if (Math.hypot(x - w * 0.7, y - horizon + 4) < h * 0.12) return [255, 214, 120];
  if (y < horizon) return mix(SKY[0], SKY[1], y / horizon);
  const wave = Math.sin(x / 9 + y / 3) * 0.5 + 0.5;
  return mix([40, 110, 170], [20, 60, 120], (y - horizon) / (h - horizon) + wave * 0.08);
};

/** A forest of pines on a hill. */
const forest: Painter = (x, y, w, h) => {
  const ground = h * 0.8;
  for (let i = 0; i < 7; i++) {
    const cx = (w / 7) * (i + 0.5);
    const top = h * (0.25 + 0.08 * (i % 3));
    const half = ((y - top) / (ground - top)) * (w / 12);
    if (y >= top && y < ground && Math.abs(x - cx) <= half) return mix([30, 110, 60], [15, 70, 40], (i % 2) * 0.6);
  }
  if (y >= ground) return mix([90, 150, 70], [60, 110, 50], (y - ground) / (h - ground));
  return mix(SKY[0], SKY[1], y / ground);
};

/** The question's own image: the two choices side by side. */
const both: Painter = (x, y, w, h) => {
  if (Math.abs(x - w / 2) < 2) return [255, 255, 255];
  return x < w / 2 ? sea(x, y, w / 2, h) : forest(x - w / 2, y, w / 2, h);
};

let samples: Map<string, MediaFile> | undefined;

/** The sample files by path (`/media/options/201.png`), drawn once per process. */
export function sampleMedia(): Map<string, MediaFile> {
  samples ??= new Map([
    ['/media/questions/career-interest/2.png', { type: 'image/png', bytes: png(320, 160, both) }],
    ['/media/options/201.png', { type: 'image/png', bytes: png(160, 120, sea) }],
    ['/media/options/202.png', { type: 'image/png', bytes: png(160, 120, forest) }],
    [
      '/media/questions/career-interest/3.wav',
      {
        type: 'audio/wav',
        bytes: wav([
          [523.25, 0.3],
          [659.25, 0.3],
          [783.99, 0.5],
        ]),
      },
    ],
  ]);
  return samples;
}

export interface MediaAnswer {
  status: 200 | 206 | 404 | 405 | 416;
  headers: Record<string, string>;
  /** The file (or the part asked for), or an envelope for a refusal; none for HEAD. */
  body: Buffer | string | undefined;
}

/**
 * The byte range a `Range` header asks of a file of `size` bytes (RFC 9110 §14): `[first, last]`,
 * 'unsatisfiable', or undefined for a header to ignore (none, not bytes, several ranges, malformed:
 * the whole file is answered, as the RFC allows).
 */
export function byteRange(header: string | undefined, size: number): [number, number] | 'unsatisfiable' | undefined {
  const m = header === undefined ? null : /^bytes=\s*(\d*)-(\d*)\s*$/i.exec(header);
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  const [from, to] = [m[1] as string, m[2] as string];
  if (from === '') {
    // The last `to` bytes.
    const suffix = Number(to);
    return suffix === 0 || size === 0 ? 'unsatisfiable' : [Math.max(0, size - suffix), size - 1];
  }
  const first = Number(from);
  const last = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (to !== '' && Number(to) < first) return undefined;
  return first >= size ? 'unsatisfiable' : [first, last];
}

/**
 * The answer to a request under MEDIA_PREFIX (undefined for any other path): the file to GET and
 * HEAD, with no API key (an `<img>` or `<audio>` element cannot send one), a part of it to a
 * `Range` request (206; 416 past its end), as phone browsers ask for audio; 404 or 405 otherwise,
 * in the API's error envelope.
 */
export function answerMedia(method: string, pathname: string, range?: string): MediaAnswer | undefined {
  if (!pathname.startsWith(MEDIA_PREFIX)) return undefined;
  const cors = { 'Access-Control-Allow-Origin': '*' };
  const json = { ...cors, 'Content-Type': 'application/json; charset=utf-8' };
  const refusal = (code: string, text: string) =>
    JSON.stringify({ data: {}, successful: false, messages: [{ code, text }] });
  if (method !== 'GET' && method !== 'HEAD')
    return {
      status: 405,
      headers: { ...json, Allow: 'GET, HEAD' },
      body: refusal('method_not_allowed', `${method} is not allowed on ${pathname}; media take GET and HEAD.`),
    };
  const file = sampleMedia().get(pathname);
  if (!file) return { status: 404, headers: json, body: refusal('not_found', `No media file ${pathname}.`) };
  const size = file.bytes.length;
  const file_ = { ...cors, 'Accept-Ranges': 'bytes', 'Cache-Control': 'public, max-age=3600' };
  const part = byteRange(range, size);
  if (part === 'unsatisfiable')
    return {
      status: 416,
      headers: { ...json, 'Accept-Ranges': 'bytes', 'Content-Range': `bytes */${size}` },
      body: refusal('range_not_satisfiable', `${pathname} has ${size} bytes; the range ${range} starts past them.`),
    };
  if (part) {
    const [first, last] = part;
    return {
      status: 206,
      headers: {
        ...file_,
        'Content-Type': file.type,
        'Content-Range': `bytes ${first}-${last}/${size}`,
        'Content-Length': String(last - first + 1),
      },
      body: method === 'HEAD' ? undefined : file.bytes.subarray(first, last + 1),
    };
  }
  return {
    status: 200,
    headers: { ...file_, 'Content-Type': file.type, 'Content-Length': String(size) },
    body: method === 'HEAD' ? undefined : file.bytes,
  };
}
