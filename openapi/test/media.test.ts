// Media: where a relative media path resolves (info.x-media-base, assumed) and the sample files the
// servers answer there, one for every media path the description's examples name.
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { answerMedia, isAssumed, listAssumptions, MEDIA_PREFIX, mediaBaseOf, sampleMedia } from '../src/index.js';
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
