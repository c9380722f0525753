import { startSandbox } from '@tas/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeBaseUrl } from '../src/base-url.js';
import { run } from '../src/run.js';

describe('--base-url as users paste it', () => {
  it.each([
    ['http://host', 'http://host'],
    ['http://host/', 'http://host'],
    ['http://host/api/v2', 'http://host'],
    ['http://host/api/v2/', 'http://host'],
    ['https://host:8443/tas/api/v2//', 'https://host:8443/tas'],
    ['http://host/api/v20', 'http://host/api/v20'],
  ])('%s -> %s', (given, want) => {
    expect(normalizeBaseUrl(given)).toBe(want);
  });

  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, rateLimit: false });
  });
  afterAll(() => sandbox.close());

  it.each(['', '/', '/api/v2', '/api/v2/'])('the sandbox at URL%s conforms alike', async (suffix) => {
    const result = await run({
      baseUrl: `${sandbox.url}${suffix}`,
      apiKey: 'sandbox-key-instant',
      provision: 'sandbox',
      rate: false,
      only: ['example', 'unknown-path', 'record-auth'],
    });
    expect(result.results.filter((r) => r.outcome !== 'pass').map((r) => r.id)).toEqual([]);
    expect(result.baseUrl).toBe(sandbox.url);
  });
});
