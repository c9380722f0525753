// A flood at one app of `npm start` (the three servers share one process): the time a normal request
// to each server takes, quiet and under 200 stalled uploads plus 8 bodies of the limit's size nested
// as deep as they can be, sent again as each is answered. Prints p50 and p99 and their ratio.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BODY_LIMIT } from '@tas/openapi';
import { deepBody, hostileBodies, residentBytes, stallUploads } from '@tas/serve/flood';
import { launchReady, TEST_LIMIT_MS } from '@tas/serve/testing';

const root = fileURLToPath(new URL('../../..', import.meta.url));
// The sandbox keeps the API's rate limit (100 a minute per key): two keys, 45 rounds quiet and 45 loud.
const ROUNDS = 45;
const TOKEN = '3f1c2a9e-8b7d-4e61-9a0c-5d2e7f4b1a63';

const start = await launchReady([process.execPath, 'scripts/start.mjs'], /Each in a process of its own/, {
  cwd: root,
  env: {
    MOCK_PORT: '0',
    SANDBOX_PORT: '0',
    DOCS_PORT: '0',
    DOCS_OUT_DIR: join(mkdtempSync(join(tmpdir(), 'tas-flood-')), 'dist'),
  },
  limitMs: TEST_LIMIT_MS,
});
const urls = Object.fromEntries([...start.output().matchAll(/^ {2}(\w+) +(http:\S+)$/gm)].map((m) => [m[1], m[2]]));
const targets = (i: number): [string, RequestInit][] => [
  [`${urls.mock}record/`, { headers: { 'API-KEY': 'any' } }],
  [`${urls.sandbox}record/`, { headers: { 'API-KEY': i % 2 ? 'sandbox-key-sms' : 'sandbox-key-instant' } }],
  [urls.docs as string, {}],
];

async function timings(): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < ROUNDS; i++)
    for (const [url, init] of targets(i)) {
      const t = performance.now();
      const res = await fetch(url, init);
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${url} answered ${res.status} under the flood`);
      out.push(performance.now() - t);
    }
  return out.sort((a, b) => a - b);
}
const at = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

try {
  // The mock's own process (npm start runs each app in one), which the flood is aimed at.
  const pid = Number(/Each in a process of its own \(mock (\d+)/.exec(start.output())?.[1]);
  const quiet = await timings();
  const before = await residentBytes(pid);
  const mockRoot = (urls.mock as string).replace(/\/api\/v2\/$/, '');
  const auth = `/api/v2/record/${TOKEN}/auth/`;
  const stalled = await stallUploads(mockRoot, auth, 200, { 'API-KEY': 'any' });
  let flooding = true;
  const body = deepBody(BODY_LIMIT);
  const hostile = Array.from({ length: 8 }, async () => {
    let sent = 0;
    while (flooding) sent += (await hostileBodies(mockRoot, auth, 1, body, { 'API-KEY': 'any' })).length;
    return sent;
  });
  const loud = await timings();
  flooding = false;
  const sent = (await Promise.all(hostile)).reduce((a, b) => a + b, 0);
  const peak = await residentBytes(pid);
  stalled.close();
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  console.log(`normal requests to the mock, the sandbox and the docs, ${ROUNDS} rounds each:`);
  console.log(`  quiet:          p50 ${ms(at(quiet, 0.5))}, p99 ${ms(at(quiet, 0.99))}`);
  console.log(
    `  under the flood: p50 ${ms(at(loud, 0.5))}, p99 ${ms(at(loud, 0.99))} (${sent} hostile 1 MiB bodies, 200 stalled uploads)`,
  );
  console.log(`  p99 ratio, flood/quiet: ${(at(loud, 0.99) / at(quiet, 0.99)).toFixed(2)}x`);
  console.log(
    `  resident memory: ${(before / 2 ** 20).toFixed(0)} MB before, ${(peak / 2 ** 20).toFixed(0)} MB at the end of the flood`,
  );
} finally {
  start.stop('SIGKILL');
}
