// Cross-answer verdicts through `tas-conformance proxy`: traffic the suite did not make (plain
// fetch), over deployments that break what no single answer shows (test/faults/explore.ts).
import { startSandbox } from '@tas/sandbox';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startProxy } from '../src/proxy/session.js';
import { described } from './described-once.js';
import { EXPLORE_FAULTS, type ExploreFault } from './faults/explore.js';
import { MAIN_KEY } from './faults/faults.js';
import { startFaultProxy } from './faults/proxy.js';

let sandbox: Awaited<ReturnType<typeof startSandbox>> | undefined;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, rateLimit: false });
});
afterAll(async () => {
  await sandbox?.close();
});

const headers = { 'API-KEY': MAIN_KEY, 'Content-Type': 'application/json' };
const fault = (start: string) => (EXPLORE_FAULTS.find(([name]) => name.startsWith(start)) as ExploreFault)[1];
/** A fresh resource from the sandbox's control API. */
async function make(kind: 'records' | 'roadmaps') {
  const body = kind === 'records' ? { test_id: 'career-interest', state: 'ready' } : {};
  const answer = await fetch(`${sandbox?.url}/__sandbox/${kind}/`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  });
  return ((await answer.json()) as { data: { token: string } }).data.token;
}

/** Sends `traffic` through the proxy over the sandbox behind `broken`: the proxy's live lines. */
async function through(broken: ReturnType<typeof fault>, traffic: (api: string) => Promise<void>) {
  const upstream = await startFaultProxy(sandbox?.url as string, broken);
  const lines: string[] = [];
  const proxy = await startProxy({ upstream: upstream.url, doc: described.doc, onLine: (l) => lines.push(l) });
  try {
    await traffic(`${proxy.url}/api/v2`);
  } finally {
    await proxy.stop();
    await upstream.close();
  }
  return lines.join('\n');
}

it('a refused call that changes state is reported, with the refused call among the requests before it', async () => {
  const token = await make('records');
  const text = await through(fault('a refused call'), async (api) => {
    await fetch(`${api}/record/${token}/`, { headers });
    const refused = await fetch(`${api}/record/${token}/auth/`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ mobile: '0912', profile: { name: 'علی', birth: '1990-01-01', is_male: true } }),
    });
    expect(refused.status).toBe(400);
    await fetch(`${api}/record/${token}/`, { headers });
  });
  expect(text).toMatch(
    /stated \[model\.unchanged\.auth_required\] the record's auth_required changed between two reads \(true -> false\)/,
  );
  expect(text).toMatch(/ {8}before: curl -i -X POST '[^']+\/auth\/'/);
  expect(text).toMatch(/ {8}quote: "\| `auth_required` \| boolean \|/);
  expect(text).not.toContain(MAIN_KEY);
});

it('two answers that disagree are reported: a roadmap and its own entries on the organizer policy', async () => {
  const token = await make('roadmaps');
  const text = await through(fault('two answers that disagree'), async (api) => {
    await fetch(`${api}/roadmap/${token}/`, { headers });
  });
  expect(text).toMatch(
    /stated \[model\.identity\.tests_auth_required\] the record's tests_auth_required changed between two reads/,
  );
  expect(text).toMatch(/ {8}quote: "Echoed in record and roadmap payloads\."/);
});
