// npm run bench (after throughput.ts): the fairness of bench/fairness.ts on the sandbox's CLI with a
// --db file that holds a quota's worth of the largest roadmaps. Prints; never fails.
import { HOSTILE, HOSTILE_ROADMAPS, measureFairness, onHostileStage, QUIET } from './fairness.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);

await onHostileStage('sandbox-bench-tenants', 'SIGTERM', async (url, pid) => {
  const page = await fetch(`${url}${HOSTILE.path}`, { headers: { 'API-KEY': HOSTILE.key } }).then((r) => r.text());
  const r = await measureFairness(url, pid, ROUNDS, SAMPLES);
  const mb = (b: number) => `${(b / 1024 / 1024).toFixed(0)} MB`;
  console.log(`\nTenants apart by cost (${ROUNDS} rounds of ${SAMPLES} quiet calls alone, then under attack)`);
  console.log(
    `hostile key: ${HOSTILE.concurrency} concurrent GET ${HOSTILE.path} (${(Buffer.byteLength(page) / 1024 / 1024).toFixed(1)} MB a page, ${HOSTILE_ROADMAPS} roadmaps of 200 records), ${r.hostileCalls} calls answered ${JSON.stringify(r.hostileStatuses)}`,
  );
  console.log(`other key:   GET ${QUIET.path('{token}')} one at a time`);
  console.log(
    `  p99 quiet ${r.quietP99.toFixed(2)} ms, under attack ${r.attackP99.toFixed(2)} ms: ratio ${r.ratio.toFixed(2)} (target under 2)`,
  );
  console.log(`  sandbox memory (RSS): quiet ${mb(r.rssQuiet)}, under attack ${mb(r.rssPeak)}`);
});
