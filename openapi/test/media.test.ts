// Media: where a relative media path resolves (info.x-media-base, assumed) and the sample files the
// servers answer there, one for every media path the description's examples name.
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  answerMedia,
  byteRange,
  isAssumed,
  listAssumptions,
  MEDIA_PREFIX,
  mediaBaseOf,
  sampleMedia,
} from '../src/index.js';
import { doc } from './helpers.js';

/** Every image and audio path in the description's examples. */
function examplePaths(): string[] {
  const found = new Set<string>();
  const walk = (node: unknown, key = '') => {
    if (typeof node === 'string' && (key === 'image' || key === 'audio')) found.add(node);
    else if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) walk(v, k);
  };
  walk(doc.components.examples);
  return [...found];
}

describe('the media base', () => {
  it('is stated once, as a template of the server variable base_url, and marked assumed', () => {
    expect(mediaBaseOf(doc)).toBe('{base_url}/');
    expect(doc.servers?.[0]?.url.startsWith('{base_url}')).toBe(true);
    expect(isAssumed(listAssumptions(doc), '/info/x-media-base')).toBe(true);
  });

  it.each(examplePaths().map((p) => [p]))('the example path %s resolves to a sample the servers answer', (path) => {
    const url = new URL(path, mediaBaseOf(doc).replace('{base_url}', 'https://tas.example'));
    expect(url.pathname.startsWith(MEDIA_PREFIX)).toBe(true);
    expect(sampleMedia().has(url.pathname), url.pathname).toBe(true);
  });
});

describe('the samples are the files they say they are', () => {
  it.each([...sampleMedia()].filter(([, f]) => f.type === 'image/png'))('%s is a PNG that decodes', (_, file) => {
    const b = file.bytes;
    expect(b.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const [w, h] = [b.readUInt32BE(16), b.readUInt32BE(20)];
    const idatLength = b.readUInt32BE(33);
    expect(b.subarray(37, 41).toString('latin1')).toBe('IDAT');
    expect(inflateSync(b.subarray(41, 41 + idatLength)).length).toBe((w * 3 + 1) * h);
    expect(b.length).toBeLessThan(40_000);
  });

  it.each([...sampleMedia()].filter(([, f]) => f.type === 'audio/wav'))('%s is a PCM WAV', (_, file) => {
    const b = file.bytes;
    expect(b.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(b.subarray(8, 16).toString('latin1')).toBe('WAVEfmt ');
    expect(b.readUInt32LE(40)).toBe(b.length - 44);
  });
});

describe('answerMedia', () => {
  it.each([
    ['GET', '/media/options/201.png', 200],
    ['HEAD', '/media/options/201.png', 200],
    ['GET', '/media/options/999.png', 404],
    ['POST', '/media/options/201.png', 405],
  ] as const)('%s %s answers %i', (method, path, status) => {
    expect(answerMedia(method, path)?.status).toBe(status);
  });

  it('leaves every other path to the API', () => {
    expect(answerMedia('GET', '/api/v2/record/')).toBeUndefined();
  });
});

describe('byte ranges (RFC 9110 §14), as phone browsers ask for audio', () => {
  it.each([
    // given Range, size → want
    ['bytes=0-99', 1000, [0, 99]],
    ['bytes=900-', 1000, [900, 999]],
    ['bytes=-100', 1000, [900, 999]],
    ['bytes=-5000', 1000, [0, 999]],
    ['bytes=500-5000', 1000, [500, 999]],
    ['bytes=1000-', 1000, 'unsatisfiable'],
    ['bytes=-0', 1000, 'unsatisfiable'],
    ['bytes=9-3', 1000, undefined], // malformed: the whole file
    ['bytes=0-1,5-9', 1000, undefined], // several: the whole file, as the RFC allows
    ['items=0-1', 1000, undefined],
    [undefined, 1000, undefined],
  ] as const)('%s of %s bytes: %j', (header, size, want) => {
    expect(byteRange(header, size)).toEqual(want);
  });

  it('a media file answers 206 with its part, 416 past its end, and says it takes ranges', () => {
    const [path, file] = [...sampleMedia()].find(([, f]) => f.type === 'audio/wav') as [string, { bytes: Buffer }];
    const whole = answerMedia('GET', path);
    expect(whole?.headers['Accept-Ranges']).toBe('bytes');
    const part = answerMedia('GET', path, 'bytes=10-19');
    expect([part?.status, part?.headers['Content-Range'], part?.headers['Content-Length']]).toEqual([
      206,
      `bytes 10-19/${file.bytes.length}`,
      '10',
    ]);
    expect(part?.body).toEqual(file.bytes.subarray(10, 20));
    const past = answerMedia('GET', path, `bytes=${file.bytes.length}-`);
    expect([past?.status, past?.headers['Content-Range']]).toEqual([416, `bytes */${file.bytes.length}`]);
  });
});
