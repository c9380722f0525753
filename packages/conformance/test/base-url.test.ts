import { startSandbox } from '@tas/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../src/run.js';

// The forms themselves are read by the client's deploymentUrl (packages/client/test/base-url.test.ts).
describe('--base-url as users paste it', () => {
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
