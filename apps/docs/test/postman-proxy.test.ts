import { type ProxyResult, startProxy } from '@tas/conformance';
import { loadDescription } from '@tas/openapi';
import { type Sandbox, startSandbox } from '@tas/sandbox';
import { run as newmanRun } from 'newman';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The suite's fault harness (the generated breaches laid over a sandbox), as the conformance tests use it.
import { faultOf, ruleBreaches } from '../../../packages/conformance/test/claims/breach.js';
import { MAIN_KEY, OTHER_KEY } from '../../../packages/conformance/test/faults/faults.js';
import { startFaultProxy } from '../../../packages/conformance/test/faults/proxy.js';
import { type POSTMAN_ENVIRONMENTS, postmanEnvironment } from '../src/builder/postman.js';
import { offeredCollection } from './offered-collection.js';

// The downloads page's Postman collection under newman, through `tas-conformance proxy` in front of the
// generated breaches: traffic the proxy's authors did not write. Through it in front of a sandbox that
// breaks nothing (every operation sent, no stated finding): postman.test.ts, with newman's own assertions.
const doc = loadDescription();
let built: Record<string, unknown>;
let sandbox: Sandbox;

beforeAll(async () => {
  built = await offeredCollection(doc);
  sandbox = await startSandbox({ port: 0, rateLimit: false });
});
afterAll(async () => {
  await sandbox?.close();
});

/** The collection run by newman with the page's environment `name`, its base_url the proxy's. */
function newman(name: keyof typeof POSTMAN_ENVIRONMENTS, url: string) {
  const environment = postmanEnvironment(name, doc.info.title) as { values: { key: string; value: string }[] };
  for (const v of environment.values) if (v.key === 'base_url') v.value = url;
  return new Promise<void>((resolve, reject) =>
    newmanRun({ collection: structuredClone(built), environment, reporters: [], timeoutRequest: 30_000 }, (error) =>
      error ? reject(error) : resolve(),
    ),
  );
}

/** The collection through a proxy in front of `upstream`: live lines and the proxy's result. */
async function through(upstream: string, name: keyof typeof POSTMAN_ENVIRONMENTS) {
  const lines: string[] = [];
  const proxy = await startProxy({ upstream, doc, onLine: (l) => lines.push(l) });
  await newman(name, proxy.url);
  return { lines, result: (await proxy.stop()) as ProxyResult };
}

describe('the Postman collection through the proxy', () => {
  // The stated claims only a response rule holds: what passes the proxy shows them as a run does.
  const breaches = ruleBreaches(doc);
  let touched = 0;
  afterAll(() => {
    process.stdout.write(
      `postman through the proxy: ${touched} of ${breaches.length} breaches touched, each reported\n`,
    );
  });
  it.each(breaches.map(({ breach: b, claim: c }) => [`${c.id}: ${b.family} ${b.op} ${b.path ?? ''}`, b, c] as const))(
    'through the breach %s: reported under its rule, as a run reports it',
    async (_name, breach, claim) => {
      const sms = breach.mode !== 'instant';
      const [main, other] = sms ? [MAIN_KEY, OTHER_KEY] : [OTHER_KEY, MAIN_KEY];
      const { fault, applied } = faultOf(doc, breach, { main, other, sms });
      const faulty = await startFaultProxy(sandbox.url, fault);
      try {
        const { lines, result } = await through(faulty.url, sms ? 'sandbox-sms' : 'sandbox');
        if (!applied()) return;
        touched++;
        const named = result.results.flatMap((r) => r.findings).filter((f) => claim.checks.includes(f.rule));
        expect(named.some((f) => !f.assumed)).toBe(true);
        expect(result.conforms).toBe(false);
        expect(lines.join('\n')).toMatch(new RegExp(`stated \\[(${claim.checks.join('|')})\\]`));
      } finally {
        await faulty.close();
      }
    },
  );
});
