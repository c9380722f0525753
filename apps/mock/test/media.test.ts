// Sample media where the description says a relative media path resolves (info.x-media-base):
// the deployment's base address + the path, fetched as an <img> or <audio> element does, with no key.
import { loadDescription, mediaBaseOf } from '@tas/openapi';
import { describe, expect, it } from 'vitest';
import { useMock } from './helpers.js';

const mock = useMock();
const base = () => mock.url;

const doc = loadDescription();
const questions = (doc.components.examples?.QuestionnaireJson as { value?: unknown } | undefined)?.value as {
  data: { questions: { question: { image: string | null; audio: string | null } }[] };
};
const paths = questions.data.questions.flatMap((q) => [q.question.image, q.question.audio]).filter((p) => p !== null);

describe('media of the example questionnaire', () => {
  it.each(paths.map((p) => [p]))('%s answers 200 without an API key, with its type', async (path) => {
    const url = new URL(path as string, mediaBaseOf(doc).replace('{base_url}', base()));
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^(image\/png|audio\/wav)$/);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect((await res.arrayBuffer()).byteLength).toBe(Number(res.headers.get('content-length')));
  });

  it('a Range request answers 206 with that part (phone browsers play audio so)', async () => {
    const res = await fetch(`${base()}/media/questions/career-interest/3.wav`, { headers: { Range: 'bytes=0-43' } });
    expect([res.status, res.headers.get('content-range')?.replace(/\/\d+$/, '')]).toEqual([206, 'bytes 0-43']);
    expect((await res.arrayBuffer()).byteLength).toBe(44);
  });

  it('an unknown media path answers 404 in the envelope', async () => {
    const res = await fetch(`${base()}/media/nothing.png`);
    expect(res.status).toBe(404);
    expect((await res.json()).messages[0].code).toBe('not_found');
  });
});
