// The proxy on traffic nobody wrote for it: the typed client's README quick start, run as its README
// says (tsx quick-start.ts) through the proxy, against a sandbox and against each generated breach
// (test/claims/breach.ts) laid between the proxy and the sandbox.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { listAssumptions } from '@tas/openapi';
import { startSandbox } from '@tas/sandbox';
import { run as runCommand, tsxCommand } from '@tas/serve/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Breach, type Claim, describeBreach } from '../src/claims/index.js';
import { exitCodeOf } from '../src/options.js';
import { startProxy } from '../src/proxy/session.js';
import { registry } from '../src/registry.js';
import { responseRules } from '../src/responses/index.js';
import { faultOf } from './claims/breach.js';
import { described } from './described-once.js';
import { MAIN_KEY, OTHER_KEY } from './faults/faults.js';
import { startFaultProxy } from './faults/proxy.js';

const { doc } = described;
const root = fileURLToPath(new URL('../../../', import.meta.url));
const readme = readFileSync(join(root, 'packages/client/README.md'), 'utf8');
const quickStart = /## Quick start[\s\S]*?```ts\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
// An ES module project inside the repository, so that `@tas/client` resolves as in the reader's.
const folder = fileURLToPath(new URL(`../test-artifacts/quick-start-${process.pid}/`, import.meta.url));
const file = join(folder, 'quick-start.ts');

let sandbox: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'package.json'), '{ "type": "module" }\n');
  writeFileSync(file, quickStart);
  sandbox = await startSandbox({ port: 0, rateLimit: false });
});
afterAll(async () => {
  await sandbox?.close();
  rmSync(folder, { recursive: true, force: true });
});

/** The quick start through a proxy in front of `upstream`, run by `drive`; what passed, judged. */
async function through<T>(upstream: string, drive: (baseUrl: string) => Promise<T>) {
  const lines: string[] = [];
  const proxy = await startProxy({ upstream, doc, onLine: (l) => lines.push(l) });
  // Whatever the quick start did (a breach may make it throw), what passed is judged.
  const ran = await drive(proxy.url).catch((error: Error) => error);
  return { ran, result: await proxy.stop(), lines };
}

/** The quick start in this process, its module loaded afresh (a child process each is 15 s on a busy machine). */
let loads = 0;
async function quickStartHere(baseUrl: string, apiKey: string) {
  const before = { TAS_BASE_URL: process.env.TAS_BASE_URL, TAS_API_KEY: process.env.TAS_API_KEY };
  Object.assign(process.env, { TAS_BASE_URL: baseUrl, TAS_API_KEY: apiKey });
  try {
    await import(`${file}?load=${++loads}`);
  } finally {
    // The worker runs other files after this one (isolate: false): they get the environment they started with.
    for (const [name, value] of Object.entries(before))
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
  }
}

describe("the client's quick start through the proxy", () => {
  it('against the sandbox: it finishes, every exchange of the journey judged, no stated finding, exit 0', async () => {
    expect(quickStart).toContain("from '@tas/client'");
    const { ran, result, lines } = await through(sandbox.url, (url) =>
      runCommand(tsxCommand('quick-start.ts', []), { TAS_BASE_URL: url, TAS_API_KEY: MAIN_KEY }, folder),
    );
    expect(ran instanceof Error ? ran : ran.stdout.trim(), String(ran instanceof Error || ran.stderr)).toBe(
      'finished: true',
    );
    expect(lines).toEqual([]);
    expect(result.findings.stated).toBe(0);
    expect(exitCodeOf(result)).toBe(0);
    const exercised = result.results.filter((r) => r.requests > 0).map((r) => r.id);
    expect(exercised).toEqual(
      expect.arrayContaining([
        'listRecords',
        'authenticateRecord',
        'verifyRecordAuth',
        'getQuestions',
        'submitAnswers',
      ]),
    );
    // The sandbox's control API and outbox passed too, unjudged: they are no operation of the interface.
    expect(result.proxy.notAnOperation).toBeGreaterThan(0);
  });
});

// Each distinct generated breach of a claim a response rule holds: a run judges every answer it sees by
// those rules, and so does the proxy. The claims only a check can show (a refusal the check sends)
// need requests the quick start never makes.
const ruleIds = new Set(responseRules.map((r) => r.id));
const { claims } = registry(doc, listAssumptions(doc));
const distinct = new Map<string, { breach: Breach; claims: Claim[] }>();
for (const claim of claims.filter((c) => c.checks.some((id) => ruleIds.has(id))))
  for (const breach of claim.breaches.filter((b) => !b.couldNotRun)) {
    const key = JSON.stringify(breach);
    const seen = distinct.get(key);
    if (seen) seen.claims.push(claim);
    else distinct.set(key, { breach, claims: [claim] });
  }
const tally = { touched: 0, untouched: 0, alsoChecks: 0 };

describe('the same traffic through each generated breach a response rule holds', () => {
  afterAll(() => {
    process.stdout.write(
      `proxy: ${distinct.size} breaches, ${tally.touched} touched by the quick start's traffic (reported as run's response rules report them; ${tally.alsoChecks} claims among them held by a check too, not asked of the proxy), ${tally.untouched} not touched by it\n`,
    );
  });

  // One at a time: the quick start reads its address from the environment.
  it.each([...distinct.values()].map((d) => [describeBreach(d.breach), d] as const))(
    '%s',
    async (_name, { breach, claims: held }) => {
      const apiKey = breach.mode === 'instant' ? OTHER_KEY : MAIN_KEY;
      const other = apiKey === MAIN_KEY ? OTHER_KEY : MAIN_KEY;
      const { fault, applied } = faultOf(doc, breach, { main: apiKey, other, sms: breach.mode !== 'instant' });
      const faulty = await startFaultProxy(sandbox.url, fault);
      try {
        const { result } = await through(faulty.url, (url) => quickStartHere(url, apiKey));
        if (!applied()) {
          tally.untouched++;
          return;
        }
        tally.touched++;
        const seen = result.results.flatMap((r) => r.findings.map((f) => `${f.assumed ? 'note' : 'FAIL'} ${f.rule}`));
        for (const claim of held) {
          const rules = claim.checks.filter((id) => ruleIds.has(id));
          const named = result.results.flatMap((r) => r.findings).filter((f) => rules.includes(f.rule));
          // A claim a check holds too is failed by that check's own requests: what passes may not show it.
          if (claim.checks.length > rules.length) {
            tally.alsoChecks++;
            continue;
          }
          if (claim.basis === 'stated') {
            expect(
              named.some((f) => !f.assumed),
              `${claim.id}: ${[...new Set(seen)]}`,
            ).toBe(true);
            expect(exitCodeOf(result)).toBe(1);
          } else expect(named.length, `${claim.id}: ${[...new Set(seen)]}`).toBeGreaterThan(0);
        }
      } finally {
        await faulty.close();
      }
    },
  );
});
