// npm run bench (after throughput.ts): the fairness of bench/fairness.ts on the sandbox's CLI with a
// --db file that holds a quota's worth of the largest roadmaps. Prints; never fails.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchReady } from '@tas/serve/testing';
import { QUOTAS } from '../src/limits.js';
import { fillDb } from '../test/fill.js';
import { HOSTILE, measureFairness, QUIET } from './fairness.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);

const dir = mkdtempSync(join(tmpdir(), 'sandbox-bench-tenants-'));
const db = join(dir, 'sandbox.db');
fillDb(db, { organizer: 'instant', roadmaps: QUOTAS.records / 200 });
const cli = new URL('../src/cli.ts', import.meta.url).pathname;
const sandbox = await launchReady(
  [process.execPath, '--import', 'tsx', cli, '--port', '0', '--db', db, '--quiet', '--no-rate-limit'],
  /listening on (http:\/\/\S+)/,
);
try {
  const url = sandbox.ready[1] as string;
  const page = await fetch(`${url}${HOSTILE.path}`, { headers: { 'API-KEY': HOSTILE.key } }).then((r) => r.text());
  const r = await measureFairness(url, sandbox.child.pid as number, ROUNDS, SAMPLES);
  const mb = (b: number) => `${(b / 1024 / 1024).toFixed(0)} MB`;
  console.log(`\nTenants apart by cost (${ROUNDS} rounds of ${SAMPLES} quiet calls alone, then under attack)`);
  console.log(
    `hostile key: ${HOSTILE.concurrency} concurrent GET ${HOSTILE.path} (${(Buffer.byteLength(page) / 1024 / 1024).toFixed(1)} MB a page, ${QUOTAS.records / 200} roadmaps of 200 records), ${r.hostileCalls} calls answered ${JSON.stringify(r.hostileStatuses)}`,
  );
  console.log(`other key:   GET ${QUIET.path} one at a time`);
  console.log(
    `  p99 quiet ${r.quietP99.toFixed(2)} ms, under attack ${r.attackP99.toFixed(2)} ms: ratio ${r.ratio.toFixed(2)} (target under 2)`,
  );
  console.log(`  sandbox memory (RSS): quiet ${mb(r.rssQuiet)}, under attack ${mb(r.rssPeak)}`);
} finally {
  await sandbox.stop('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
}
