// How many seeds of ten catch each of the suite's exploration breaches (test/faults/explore.ts) at
// exploration's default share, with the main key alone as on a live target: the figures the
// README gives. `TAS_EXPLORE_REQUESTS` and `TAS_EXPLORE_SEEDS` change the share and the seeds;
// `TAS_EXPLORE_OTHER=1` gives the other organizer's key too (its tours and sequences take their part).
import { startSandbox } from '@tas/sandbox';
import { EXPLORE_REQUESTS } from '../src/explore/check.js';
import { run } from '../src/run.js';
import { described } from '../test/described-once.js';
import { EXPLORE_FAULTS } from '../test/faults/explore.js';
import { MAIN_KEY, OTHER_KEY } from '../test/faults/faults.js';
import { startFaultProxy } from '../test/faults/proxy.js';

const requests = Number(process.env.TAS_EXPLORE_REQUESTS ?? EXPLORE_REQUESTS);
const seeds = Array.from({ length: Number(process.env.TAS_EXPLORE_SEEDS ?? 10) }, (_, i) => i + 1);
const sandbox = await startSandbox({ port: 0, rateLimit: false });
const clock = { now: () => Date.now(), sleep: async () => {} };
let all = 0;
for (const [name, fault, mode] of EXPLORE_FAULTS) {
  const caught: number[] = [];
  for (const seed of seeds) {
    const proxy = await startFaultProxy(sandbox.url, fault);
    const result = await run({
      baseUrl: proxy.url,
      apiKey: mode === 'sms' ? MAIN_KEY : OTHER_KEY,
      ...(process.env.TAS_EXPLORE_OTHER ? { otherApiKey: mode === 'sms' ? OTHER_KEY : MAIN_KEY } : {}),
      provision: 'sandbox',
      rate: false,
      clock,
      only: ['explore'],
      seed,
      explore: requests,
      ...described,
    });
    await proxy.close();
    if (!result.conforms) caught.push(seed);
  }
  if (caught.length === seeds.length) all++;
  console.log(`${caught.length}/${seeds.length}  ${name}  (seeds ${caught.join(' ')})`);
}
console.log(`${all} of ${EXPLORE_FAULTS.length} caught by every seed, ${requests} requests each`);
await sandbox.close();
