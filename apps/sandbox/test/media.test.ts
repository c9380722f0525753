// Sample media where the description says a relative media path resolves (info.x-media-base):
// the deployment's base address + the path, fetched as an <img> or <audio> element does, with no key.
import { loadDescription, mediaBaseOf } from '@tas/openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adult, INSTANT_KEY, MOBILE, start } from './helpers.js';

let server: Awaited<ReturnType<typeof start>>;
beforeAll(async () => {
  server = await start();
});
afterAll(() => server.close());

const doc = loadDescription();

/** The media paths of a career-interest questionnaire, as the sandbox answers it. */
async function questionnairePaths(): Promise<string[]> {
  const c = server.as(INSTANT_KEY);
  const token = await c.record('career-interest');
  expect((await c.post(`/api/v2/record/${token}/auth/`, { mobile: MOBILE, profile: adult })).status).toBe(200);
  const questions = (await c.get(`/api/v2/record/${token}/questions/`)).body.data.questions as {
    question: { image: string | null; audio: string | null };
    answer: { options?: { image: string | null; audio: string | null }[] };
  }[];
  return questions
    .flatMap((q) => [q.question, ...(q.answer.options ?? [])])
    .flatMap((m) => [m.image, m.audio])
    .filter((p): p is string => p !== null);
}

describe('media of the example questionnaire', () => {
  it('every media path of a questionnaire answers 200 without an API key, with its type', async () => {
    const paths = await questionnairePaths();
    expect(paths.length).toBeGreaterThanOrEqual(4);
    for (const path of paths) {
      const url = new URL(path, mediaBaseOf(doc).replace('{base_url}', server.url));
      const res = await fetch(url);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^(image\/png|audio\/wav)$/);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect((await res.arrayBuffer()).byteLength).toBe(Number(res.headers.get('content-length')));
    }
  });

  it('a Range request answers 206 with that part (phone browsers play audio so)', async () => {
    const res = await fetch(`${server.url}/media/questions/career-interest/3.wav`, {
      headers: { Range: 'bytes=0-43' },
    });
    expect([res.status, res.headers.get('content-range')?.replace(/\/\d+$/, '')]).toEqual([206, 'bytes 0-43']);
    expect((await res.arrayBuffer()).byteLength).toBe(44);
  });

  it('an unknown media path answers 404 in the envelope', async () => {
    const res = await fetch(`${server.url}/media/nothing.png`);
    expect(res.status).toBe(404);
    expect((await res.json()).messages[0].code).toBe('not_found');
  });
});
