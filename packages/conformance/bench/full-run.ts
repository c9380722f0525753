// A full run against the sandbox with pacing lifted (both sandbox keys): wall time and requests,
// against the 10 s target; then what pacing alone would add against a live deployment.
import { startSandbox } from '@tas/sandbox';
import { DEFAULT_RATE, pacedSeconds, run } from '../src/index.js';

const TARGET_MS = 10_000;
const sandbox = await startSandbox({ port: 0, rateLimit: false });
try {
  const started = performance.now();
  let requests = 0;
  for (const [key, other] of [
    ['sandbox-key-sms', 'sandbox-key-instant'],
    ['sandbox-key-instant', 'sandbox-key-sms'],
  ] as const) {
    const result = await run({
      baseUrl: sandbox.url,
      apiKey: key,
      otherApiKey: other,
      provision: 'sandbox',
      rate: false,
    });
    if (!result.conforms) throw new Error(`the sandbox departs from the contract with ${key}`);
    requests += result.requests;
  }
  const ms = performance.now() - started;
  console.log(`full run, both keys, pacing lifted: ${requests} requests in ${(ms / 1000).toFixed(2)} s`);
  console.log(
    `  ${(requests / (ms / 1000)).toFixed(0)} requests/s; ${(ms / TARGET_MS).toFixed(2)}x of the 10 s target`,
  );
  const paced = await pacedSeconds(requests / 2, DEFAULT_RATE);
  console.log(`  one key paced at 100/min and 3,000/hour (a live target): at least ${paced} s of waiting`);
} finally {
  await sandbox.close();
}
