import { startSandbox } from '@tas/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../src/run.js';
import { FAULTS, MAIN_KEY, OTHER_KEY } from './faults/faults.js';
import { startFaultProxy } from './faults/proxy.js';

let sandbox: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, rateLimit: false });
});
afterAll(() => sandbox.close());

// No real waiting: a 429 is waited out on a clock that only pretends.
const clock = { now: () => Date.now(), sleep: async () => {} };

describe('the suite flags a faulty server and names the rule it breaks', () => {
  it.each(FAULTS)('%s', async (_name, fault, rule) => {
    const proxy = await startFaultProxy(sandbox.url, fault);
    try {
      const result = await run({
        baseUrl: proxy.url,
        apiKey: MAIN_KEY,
        otherApiKey: OTHER_KEY,
        provision: 'sandbox',
        rate: false,
        clock,
        strict: true,
      });
      expect(result.conforms).toBe(false);
      const flagged = result.results.flatMap((r) => r.findings.map((f) => ({ check: r.id, outcome: r.outcome, ...f })));
      const named = flagged.filter((f) => f.rule === rule);
      expect(
        named.length,
        `no finding names ${rule}; found: ${[...new Set(flagged.map((f) => f.rule))]}`,
      ).toBeGreaterThan(0);
      expect(named.every((f) => f.outcome === 'fail' && f.statement.length > 0)).toBe(true);
    } finally {
      await proxy.close();
    }
  });
});
