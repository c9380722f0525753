import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadDescription } from '@tas/openapi';
import { startSandbox } from '@tas/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recode } from '../src/claims/make.js';
import { faultOf } from './claims/breach.js';
import { MAIN_KEY, OTHER_KEY } from './faults/faults.js';

const KEYS = { main: MAIN_KEY, other: OTHER_KEY, sms: true };

import { startFaultProxy } from './faults/proxy.js';

const require = createRequire(import.meta.url);
const redocly = join(require.resolve('@redocly/cli/package.json'), '..', 'bin', 'cli.js');
const workflows = fileURLToPath(new URL('../../../openapi/arazzo/journeys.arazzo.yaml', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'tas-arazzo-'));

/** `redocly respect` on the journeys; resolves to its exit code and JSON report. */
function respect(baseUrl: string, key: string, ids: string[]) {
  const json = join(dir, `${key}-${ids.join('+')}-${Date.now()}.json`);
  const args = [
    redocly,
    'respect',
    workflows,
    '--server',
    `tas=${baseUrl}/api/v2`,
    '--server',
    `sandbox=${baseUrl}/__sandbox`,
  ];
  args.push('--input', `api_key=${key}`, '--json-output', json, ...ids.flatMap((id) => ['--workflow', id]));
  return new Promise<{
    code: number;
    report: {
      files: Record<string, { totalRequests?: number; executedWorkflows: { workflowId: string; status: string }[] }>;
    };
  }>((resolve) => {
    const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
    execFile(process.execPath, args, { env }, (error) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, report: JSON.parse(readFileSync(json, 'utf8')) });
    });
  });
}

const statuses = (report: Awaited<ReturnType<typeof respect>>['report']) =>
  Object.values(report.files).flatMap((f) => f.executedWorkflows.map((w) => `${w.workflowId}: ${w.status}`));

let sandbox: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, rateLimit: false });
});
afterAll(() => sandbox.close());

describe('the Arazzo journeys, run by redocly respect against the sandbox', () => {
  it.each([
    {
      key: 'sandbox-key-instant',
      ids: ['record-journey-instant', 'roadmap-journey-instant', 'roadmap-record-auth-refused'],
    },
    { key: 'sandbox-key-sms', ids: ['record-journey-sms', 'roadmap-journey-sms', 'roadmap-record-auth-refused'] },
  ])('$key: $ids pass', async ({ key, ids }) => {
    const { code, report } = await respect(sandbox.url, key, ids);
    expect(statuses(report)).toEqual(ids.map((id) => `${id}: success`));
    expect(code).toBe(0);
  });

  it('fail against a server that breaks rule 3', async () => {
    // A server that refuses record auth of a roadmap record with 400, not the 409 rule 3 states.
    const { fault } = faultOf(loadDescription(), recode('authenticateRecord', ['roadmap_record'], 400), KEYS);
    const proxy = await startFaultProxy(sandbox.url, fault);
    try {
      const { code, report } = await respect(proxy.url, 'sandbox-key-sms', ['roadmap-record-auth-refused']);
      expect(statuses(report)).toEqual(['roadmap-record-auth-refused: error']);
      expect(code).not.toBe(0);
    } finally {
      await proxy.close();
    }
  });
});
