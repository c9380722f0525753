import { readFileSync } from 'node:fs';
import { listAssumptions } from '@tas/openapi';
import { startSandbox } from '@tas/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Breach, type Claim, describeBreach } from '../src/claims/index.js';
import { claimsSummary } from '../src/claims/table.js';
import { registry } from '../src/registry.js';
import { type RunResult, run } from '../src/run.js';
import { faultOf } from './claims/breach.js';
import { described } from './described-once.js';
import { MAIN_KEY, OTHER_KEY } from './faults/faults.js';
import { startFaultProxy } from './faults/proxy.js';
import { limiter, withStack } from './variants/stack.js';

// A 429 is waited out on a clock that only pretends.
const clock = { now: () => Date.now(), sleep: async () => {} };
const { doc } = described;
const CLAIMS = registry(doc, listAssumptions(doc)).claims;

/** Checks that move the sandbox's clock: their breaches get a sandbox of their own. */
const MOVES_CLOCK = ['draft-token-expiry'];

/** The checks a breach's run selects: the claim's (response rules run anyway) and those that drive its requests. */
export const onlyOf = (claim: Claim, breach: Breach) => [
  ...new Set([...claim.checks.filter((id) => !id.startsWith('response.')), ...(breach.via ?? [])]),
];

const cases = CLAIMS.flatMap((claim) =>
  claim.breaches.map((breach) => [`${claim.id}: ${describeBreach(breach)}`, claim, breach] as const),
);

let shared: Awaited<ReturnType<typeof startSandbox>> | undefined;
beforeAll(async () => {
  shared = await startSandbox({ port: 0, rateLimit: false });
});
afterAll(async () => {
  await shared?.close();
});

// Several runs at once over one sandbox (each breach behind a proxy of its own): the machine has 2 cores.
const slot = limiter(3);

async function runBreach(claim: Claim, breach: Breach): Promise<{ result: RunResult; applied: boolean }> {
  const [apiKey, otherApiKey] = breach.mode === 'instant' ? [OTHER_KEY, MAIN_KEY] : [MAIN_KEY, OTHER_KEY];
  const { fault, applied } = faultOf(doc, breach, { main: apiKey, other: otherApiKey, sms: breach.mode !== 'instant' });
  const only = onlyOf(claim, breach);
  const options = {
    apiKey,
    otherApiKey,
    provision: 'sandbox' as const,
    rate: false as const,
    clock,
    only,
    ...described,
  };
  if (only.some((id) => MOVES_CLOCK.includes(id))) {
    const result = await withStack([fault], (baseUrl) => run({ ...options, baseUrl }));
    return { result, applied: applied() };
  }
  const proxy = await startFaultProxy(shared?.url as string, fault);
  try {
    const result = await run({ ...options, baseUrl: proxy.url });
    return { result, applied: applied() };
  } finally {
    await proxy.close();
  }
}

const tally = { generated: 0, caught: 0, missed: [] as string[] };

/** Did the run judge the breach as the claim's basis says: a stated failure, or a warning? */
function verdict(claim: Claim, result: RunResult) {
  const named = result.results
    .filter((r) => claim.checks.includes(r.id) || r.findings.some((f) => claim.checks.includes(f.rule)))
    .flatMap((r) => r.findings.filter((f) => claim.checks.includes(f.rule) || claim.checks.includes(r.id)));
  const stated = named.filter((f) => !f.assumed);
  if (claim.basis === 'stated') return { caught: !result.conforms && stated.length > 0, named };
  // An assumed claim's breach warns, and fails nothing else: the run still conforms (exit 0).
  return { caught: named.length > 0 && stated.length === 0 && result.conforms, named };
}

describe('every claim of the interface is proven by a generated breach', () => {
  afterAll(() => {
    // CI's line: claims × breaches caught (of those this run generated).
    const line = claimsSummary(CLAIMS, tally.caught).replace(/\d+ generated/, `${tally.generated} generated`);
    process.stdout.write(`${line}\n`);
    for (const miss of tally.missed) process.stdout.write(`  missed: ${miss}\n`);
    // The README's line says every breach is caught: true only when this run, every breach in it, caught them all.
    if (tally.generated === cases.length) {
      const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
      expect(readme).toContain(`${claimsSummary(CLAIMS, tally.caught)}.`);
    }
  });

  it.concurrent.each(cases)('%s', async (name, claim, breach) => {
    const { result, applied } = await slot(() => runBreach(claim, breach));
    tally.generated++;
    const { caught, named } = verdict(claim, result);
    if (caught && applied) tally.caught++;
    else tally.missed.push(`${name}${applied ? '' : ' (the breach changed no answer)'}`);
    expect(applied, 'the breach changed no answer the run saw: it proves nothing').toBe(true);
    expect(result.aborted).toBeUndefined();
    const seen = result.results.flatMap((r) =>
      r.findings.map((f) => `${f.assumed ? 'warn' : 'FAIL'} ${f.rule}: ${f.message}`),
    );
    expect(
      caught,
      `${claim.basis} claim; findings: ${JSON.stringify(seen.slice(0, 6))}; on its checks: ${named.length}`,
    ).toBe(true);
  });
});
