// The cost of a full run: checks, requests and wall time against the sandbox with pacing lifted
// (both sandbox keys), against the 10 s target; then the planned requests and duration of a live
// run at the API's limit (100/min), against the 300-request, 3-minute target.
// The sandbox is a devDependency reached through its public entry, as any QA user starts it: the bench
// measures the suite against a target, and no runtime source of the suite imports an app
// (scripts/test/import-cycles.test.ts).
import { startSandbox } from '@tas/sandbox';
import { run } from '../src/index.js';
import { selectRun } from '../src/selection.js';

const TARGET_MS = 10_000;
const LIVE_REQUESTS = 300;
const seed = 1;
const sandbox = await startSandbox({ port: 0, rateLimit: false });
console.log('sandbox, a full run with each key, pacing lifted:');
try {
  const started = performance.now();
  let requests = 0;
  let checks = 0;
  for (const [key, other] of [
    ['sandbox-key-sms', 'sandbox-key-instant'],
    ['sandbox-key-instant', 'sandbox-key-sms'],
  ] as const) {
    const began = performance.now();
    const result = await run({
      baseUrl: sandbox.url,
      apiKey: key,
      otherApiKey: other,
      provision: 'sandbox',
      rate: false,
      seed,
    });
    if (!result.conforms) throw new Error(`the sandbox departs from the contract with ${key}`);
    const ran = result.results.filter((r) => r.outcome !== 'skip').length;
    console.log(
      `  ${key}: ${ran} checks, ${result.requests} requests in ${((performance.now() - began) / 1000).toFixed(2)} s`,
    );
    requests += result.requests;
    checks += ran;
  }
  const ms = performance.now() - started;
  console.log(`  both: ${checks} checks, ${requests} requests in ${(ms / 1000).toFixed(2)} s`);
  console.log(
    `  ${(requests / (ms / 1000)).toFixed(0)} requests/s; ${(ms / 2 / TARGET_MS).toFixed(2)}x of the 10 s target per run`,
  );
} finally {
  await sandbox.close();
}

// A live run: what plan says, with and without --slow, both keys given.
for (const slow of [false, true]) {
  const { plan, negative } = await selectRun({ target: 'live', otherApiKey: 'other', slow, seed });
  const total = plan.requests + 1; // the key check
  console.log(
    `live${slow ? ' --slow' : ''}: ${plan.checks} checks, about ${total} requests (${negative.budget} generated negative inputs), ` +
      `at least ${plan.pacedSeconds} s at 100/min; ${(total / LIVE_REQUESTS).toFixed(2)}x of the 300-request target; ` +
      `fixtures: ${plan.needs.ready} ready records, ${plan.needs.vipWait} in VIP wait, ${plan.needs.roadmaps} roadmaps`,
  );
}
