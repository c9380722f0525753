import { startMock } from '@tas/mock';
import { startSandbox } from '@tas/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../src/run.js';
import { described } from './described-once.js';

let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let mock: Awaited<ReturnType<typeof startMock>>;
beforeAll(async () => {
  [sandbox, mock] = await Promise.all([startSandbox({ port: 0, rateLimit: false }), startMock({ port: 0 })]);
});
afterAll(() => Promise.all([sandbox.close(), mock.close()]));

const notPassing = (results: { id: string; outcome: string; findings: { message: string }[] }[]) =>
  results.filter((r) => r.outcome === 'fail' || r.outcome === 'warn').map((r) => `${r.id}: ${r.findings[0]?.message}`);

describe('against the sandbox', () => {
  it.each([
    { key: 'sandbox-key-sms', other: 'sandbox-key-instant' },
    { key: 'sandbox-key-instant', other: 'sandbox-key-sms' },
  ])('with $key: no failures, no warnings, every check run', async ({ key, other }) => {
    const result = await run({
      baseUrl: sandbox.url,
      apiKey: key,
      otherApiKey: other,
      provision: 'sandbox',
      rate: false,
      ...described,
    });
    expect(notPassing(result.results)).toEqual([]);
    expect(result.conforms).toBe(true);
    const skipped = result.results.filter((r) => r.outcome === 'skip').map((r) => r.id);
    // Only the SMS checks have nothing to check on an organizer that authenticates instantly
    // (mobile-limit checks there that the SMS mode's limit is absent).
    const smsOnly = ['sms-wrong-code', 'roadmap-verify-twice', 'roadmap-verify-draft-token', 'draft-token-expiry'];
    expect(skipped).toEqual(key === 'sandbox-key-sms' ? [] : smsOnly);
  });
});

describe('against the Prism mock', () => {
  it('passes the contract checks and says why it skipped the others', async () => {
    const result = await run({ baseUrl: mock.url, apiKey: 'any-key', target: 'mock', rate: false, ...described });
    expect(notPassing(result.results)).toEqual([]);
    const ran = result.results.filter((r) => r.outcome === 'pass');
    expect(ran.length).toBeGreaterThanOrEqual(16);
    expect(ran.every((r) => r.kind !== 'journey')).toBe(true);
    for (const r of result.results.filter((x) => x.outcome === 'skip')) expect(r.reason).toMatch(/mock keeps no state/);
  });
});
