import { describe, expect, it } from 'vitest';
import { apiUrl, createClient, deploymentUrl } from '../src/index.js';
import { example, exampleData } from './helpers/examples.js';
import { fakeFetch } from './helpers/fake-fetch.js';
import { useMock } from './helpers/mock.js';

const token = exampleData<{ token: string }>('RecordDetailReady').token;

// The deployment's address however it is pasted, as the conformance CLI takes its --base-url.
const forms: [string, string][] = [
  ['http://tas.test', 'http://tas.test/api/v2/record/'],
  ['http://tas.test/', 'http://tas.test/api/v2/record/'],
  ['http://tas.test//', 'http://tas.test/api/v2/record/'],
  ['http://tas.test/api/v2', 'http://tas.test/api/v2/record/'],
  ['http://tas.test/api/v2/', 'http://tas.test/api/v2/record/'],
  [' https://tas.test:8443/api/v2/ ', 'https://tas.test:8443/api/v2/record/'],
  ['https://gw.test/tas', 'https://gw.test/tas/api/v2/record/'],
  ['https://gw.test/tas/api/v2', 'https://gw.test/tas/api/v2/record/'],
];

describe('createClient takes the base URL with or without /api/v2 and a trailing slash', () => {
  it.each(forms)('%j calls %s', async (baseUrl, want) => {
    const urls: string[] = [];
    const fake = fakeFetch(() => ({ body: example('RecordPageNewParticipants') }));
    const tas = createClient({
      baseUrl,
      apiKey: 'k',
      fetch: (url, init) => {
        urls.push(String(url));
        return fake.fetch(url, init);
      },
    });
    await tas.call('listRecords');
    expect(urls[0]?.replace(/\?.*$/, '')).toBe(want);
  });

  describe('against the mock', () => {
    const mock = useMock();
    it.each(['', '/', '/api/v2', '/api/v2/'])('base URL + %j answers getRecord', async (suffix) => {
      const tas = createClient({ baseUrl: `${mock.url}${suffix}`, apiKey: 'k' });
      const record = await tas.call('getRecord', { path: { token } });
      expect(record.token).toBe(token);
    });
  });
});

describe('deploymentUrl and apiUrl (the conformance suite reads --base-url with deploymentUrl)', () => {
  it.each([
    ['http://host', 'http://host'],
    ['http://host/', 'http://host'],
    ['http://host/api/v2', 'http://host'],
    ['http://host/api/v2/', 'http://host'],
    ['https://host:8443/tas/api/v2//', 'https://host:8443/tas'],
    ['http://host/api/v20', 'http://host/api/v20'],
  ])('%s -> %s', (given, want) => {
    expect(deploymentUrl(given)).toBe(want);
    expect(apiUrl(given)).toBe(`${want}/api/v2`);
  });
});
