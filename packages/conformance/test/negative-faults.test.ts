import { startSandbox } from '@tas/sandbox';
import { describe, expect, it } from 'vitest';
import { run } from '../src/run.js';
import { MAIN_KEY } from './faults/faults.js';
import { type Fault, startFaultProxy } from './faults/proxy.js';

const clock = { now: () => Date.now(), sleep: async () => {} };

/** A roadmap authentication with more roles than the description's maxItems (20): accepted. */
const acceptsTooManyRoles: Fault = {
  response(req, res) {
    if (req.method !== 'POST' || !/\/roadmap\/[^/]+\/auth\/$/.test(req.path) || res.status !== 400) return res;
    try {
      const roles = (JSON.parse(req.body) as { roles?: unknown }).roles;
      if (!Array.isArray(roles) || roles.length <= 20) return res;
    } catch {
      return res;
    }
    return { ...res, status: 200, body: JSON.stringify({ data: {}, successful: true, messages: [] }) };
  },
};

describe('a server that accepts one kind of invalid input', () => {
  it('is caught by the generated inputs, where the hand-picked ones miss it', async () => {
    const sandbox = await startSandbox({ port: 0, rateLimit: false });
    const proxy = await startFaultProxy(sandbox.url, acceptsTooManyRoles);
    try {
      const result = await run({
        baseUrl: proxy.url,
        apiKey: MAIN_KEY,
        target: 'mock',
        rate: false,
        clock,
        seed: 4242,
        // At most 20 roles is the description's bound (the interface states at least one): assumed, failing under --strict.
        strict: true,
        only: ['negative', 'constraints'],
      });
      const outcome = (id: string) => result.results.find((r) => r.id === id)?.outcome;
      expect(outcome('constraints.authenticateRoadmap')).toBe('pass');
      expect(outcome('negative.authenticateRoadmap')).toBe('fail');
      // The checks' own findings (the response rules judge the 200's body apart).
      const findings = result.results.flatMap((r) => r.findings).filter((f) => !f.rule.startsWith('response.'));
      expect(findings).toHaveLength(1);
      expect(findings[0]).toMatchObject({
        rule: 'negative.authenticateRoadmap',
        assumed: true,
        message: expect.stringMatching(/^body \/roles: maxItems = .*accepted \(200\)/),
      });
      expect(result.conforms).toBe(false);
      expect(result.seed).toBe(4242);
    } finally {
      await proxy.close();
      await sandbox.close();
    }
  });
});
