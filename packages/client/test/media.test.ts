// mediaUrl: a question's or an option's media path as a URL, resolved as the description says
// (info.x-media-base), and fetched from the mock as an <img> element would, without a key.
import { describe, expect, it } from 'vitest';
import { createClient, getQuestionnaire, mediaUrl } from '../src/index.js';
import { useMock } from './helpers/mock.js';

describe('mediaUrl', () => {
  it.each([
    ['media/options/201.png', 'https://tas.example', 'https://tas.example/media/options/201.png'],
    ['media/options/201.png', 'https://tas.example/', 'https://tas.example/media/options/201.png'],
    ['media/options/201.png', 'https://tas.example/api/v2', 'https://tas.example/media/options/201.png'],
    ['media/options/201.png', 'https://tas.example/api/v2/', 'https://tas.example/media/options/201.png'],
    ['media/options/201.png', 'https://host.example/tas', 'https://host.example/tas/media/options/201.png'],
    ['/media/options/201.png', 'https://host.example/tas', 'https://host.example/media/options/201.png'],
    ['https://cdn.example/a.png', 'https://tas.example', 'https://cdn.example/a.png'],
  ])('%s from %s is %s', (path, base, url) => {
    expect(mediaUrl(path, base)).toBe(url);
  });

  it('no media stays null', () => {
    expect(mediaUrl(null, 'https://tas.example')).toBeNull();
  });
});

describe('against the mock', () => {
  const mock = useMock();

  it('every media path of the questionnaire resolves to a file the mock answers without a key', async () => {
    const client = createClient({ baseUrl: mock.url, apiKey: 'any-key', rateLimit: false });
    const questionnaire = await getQuestionnaire(client, '3f1c2a9e-8b7d-4e61-9a0c-5d2e7f4b1a63');
    if (questionnaire.format !== 'json') throw new Error('the example questionnaire is JSON');
    const paths = questionnaire.questions
      .flatMap((q) => [
        q.question.image,
        q.question.audio,
        ...(q.answer.text ? [] : q.answer.options.map((o) => o.image)),
      ])
      .filter((p) => p !== null);
    expect(paths.length).toBeGreaterThanOrEqual(4);
    for (const path of paths) {
      const res = await fetch(mediaUrl(path, `${mock.url}/api/v2`));
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^(image|audio)\//);
    }
  });
});
