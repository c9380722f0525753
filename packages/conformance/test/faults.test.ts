import { readFileSync } from 'node:fs';
import { listAssumptions } from '@tas/openapi';
import { startSandbox } from '@tas/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Breach, type Claim, describeBreach } from '../src/claims/index.js';
import { claimsSummary } from '../src/claims/table.js';
import { exitCodeOf } from '../src/options.js';
import { registry } from '../src/registry.js';
import { type RunOptions, type RunResult, run } from '../src/run.js';
import { faultOf } from './claims/breach.js';
import { described } from './described-once.js';
import { FAULTS, MAIN_KEY, OTHER_KEY, type Variant } from './faults/faults.js';
import { type Fault, startFaultProxy } from './faults/proxy.js';
import { limiter, withStack } from './variants/stack.js';

// The one fault harness: every generated breach of every claim (test/claims/breach.ts), each distinct
// breach once, and the bespoke faults no family can express (test/faults/faults.ts, each says why).
// Each runs the checks that must catch it (`only`; the response rules judge every answer), behind a
// proxy of its own over one sandbox, three at a time.

// A 429 is waited out on a clock that only pretends.
const clock = { now: () => Date.now(), sleep: async () => {} };
const { doc } = described;
const { claims: CLAIMS, checks } = registry(doc, listAssumptions(doc));

/** Checks that move the sandbox's clock: their runs get a sandbox of their own. */
const MOVES_CLOCK = ['draft-token-expiry'];
/** Bespoke faults that need the sandbox alone: the newest record of a shared one may be another run's. */
const ALONE = ['rule 1: the filtered listing leaves out the newest ready record'];

/** The checks a breach's run selects: the claim's (response rules run anyway) and those that drive its requests. */
export const onlyOf = (claim: Claim, breach: Breach) => [
  ...new Set([...claim.checks.filter((id) => !id.startsWith('response.')), ...(breach.via ?? [])]),
];

/** One distinct breach (the same change under several claims runs once) and the claims it must be caught for. */
type Generated = { name: string; breach: Breach; claims: Claim[] };
const distinct = new Map<string, Generated>();
for (const claim of CLAIMS)
  for (const breach of claim.breaches) {
    const key = `${breach.couldNotRun ? 'not run' : claim.basis} ${JSON.stringify(breach)}`;
    const seen = distinct.get(key);
    if (seen) seen.claims.push(claim);
    else distinct.set(key, { name: `${claim.id}: ${describeBreach(breach)}`, breach, claims: [claim] });
  }
const GENERATED = [...distinct.values()];
const generatedCount = CLAIMS.reduce((n, c) => n + c.breaches.length, 0);

let shared: Awaited<ReturnType<typeof startSandbox>> | undefined;
beforeAll(async () => {
  shared = await startSandbox({ port: 0, rateLimit: false });
});
afterAll(async () => {
  await shared?.close();
});

const slot = limiter(3);

/** One run of the selected checks against the sandbox behind `fault`. */
async function runUnder(fault: Fault, options: Omit<RunOptions, 'baseUrl'> & { only: string[] }, alone = false) {
  const all = { provision: 'sandbox' as const, rate: false as const, clock, ...described, ...options };
  if (alone || options.only.some((id) => MOVES_CLOCK.includes(id)))
    return withStack([fault], (baseUrl) => run({ ...all, baseUrl }));
  const proxy = await startFaultProxy(shared?.url as string, fault);
  try {
    return await run({ ...all, baseUrl: proxy.url });
  } finally {
    await proxy.close();
  }
}

/**
 * Check ids each run made fail: every check must be made to fail by at least one breach. A check all
 * of whose judgement is assumed (the listing's parameters, the mobile limit's value, the result's
 * payload) is made to warn with a finding of its own: a failure under --strict.
 */
const failedBy = new Map<string, string>();
const noteFailed = (name: string, result: RunResult) => {
  for (const r of result.results)
    if (r.outcome === 'fail' || (r.outcome === 'warn' && r.findings.some((f) => f.rule === r.id)))
      if (!failedBy.has(r.id)) failedBy.set(r.id, name);
};
const tally = { caught: 0, missed: [] as string[] };

/**
 * Did the run judge the breach as the claim's basis says: a stated failure, or a warning; or, for a
 * refusal of what the suite built on its own assumption, COULD NOT RUN naming what to set (exit 2)?
 */
function verdict(claim: Claim, breach: Breach, result: RunResult) {
  const named = result.results
    .filter((r) => claim.checks.includes(r.id) || r.findings.some((f) => claim.checks.includes(f.rule)))
    .flatMap((r) => r.findings.filter((f) => claim.checks.includes(f.rule) || claim.checks.includes(r.id)));
  const stated = named.filter((f) => !f.assumed);
  if (breach.couldNotRun) {
    const notRun = result.results.filter(
      (r) =>
        claim.checks.includes(r.id) && r.verdict?.reached === false && r.verdict.refused && r.verdict.needs?.length,
    );
    return { caught: notRun.length > 0 && stated.length === 0 && exitCodeOf(result) === 2, named };
  }
  if (claim.basis === 'stated') return { caught: !result.conforms && stated.length > 0, named };
  // An assumed claim's breach warns, and fails nothing else: the run still conforms (exit 0).
  return { caught: named.length > 0 && stated.length === 0 && result.conforms, named };
}

describe('every claim of the interface is proven by a generated breach', () => {
  afterAll(() => {
    // CI's line: claims × breaches caught; a breach under several claims counts under each.
    process.stdout.write(`${claimsSummary(CLAIMS, tally.caught)} (${GENERATED.length} distinct runs)\n`);
    for (const miss of tally.missed) process.stdout.write(`  missed: ${miss}\n`);
    // The README's line says every breach is caught: true only when this run, every breach in it, caught them all.
    if (tally.caught + tally.missed.length === generatedCount) {
      const readme = readFileSync(new URL('../REFERENCE.md', import.meta.url), 'utf8');
      expect(readme).toContain(`${claimsSummary(CLAIMS, tally.caught)}.`);
    }
  });

  it.concurrent.each(GENERATED.map((g) => [g.name, g] as const))('%s', async (_name, { breach, claims }) => {
    const [apiKey, otherApiKey] = breach.mode === 'instant' ? [OTHER_KEY, MAIN_KEY] : [MAIN_KEY, OTHER_KEY];
    const { fault, applied } = faultOf(doc, breach, {
      main: apiKey,
      other: otherApiKey,
      sms: breach.mode !== 'instant',
    });
    const only = [...new Set(claims.flatMap((claim) => onlyOf(claim, breach)))];
    const result = await slot(() => runUnder(fault, { apiKey, otherApiKey, only }));
    noteFailed(_name, result);
    const verdicts = claims.map((claim) => ({ claim, ...verdict(claim, breach, result) }));
    for (const v of verdicts) {
      if (v.caught && applied()) tally.caught++;
      else tally.missed.push(`${v.claim.id}: ${describeBreach(breach)}${applied() ? '' : ' (changed no answer)'}`);
    }
    expect(applied(), 'the breach changed no answer the run saw: it proves nothing').toBe(true);
    // A run whose every check could not run stops saying so (exit 2): that is the verdict of such a breach.
    if (!breach.couldNotRun) expect(result.aborted).toBeUndefined();
    const seen = result.results.flatMap((r) =>
      r.findings.map((f) => `${f.assumed ? 'warn' : 'FAIL'} ${f.rule}: ${f.message}`),
    );
    for (const v of verdicts)
      expect(v.caught, `${v.claim.id} (${v.claim.basis}); findings: ${JSON.stringify(seen.slice(0, 6))}`).toBe(true);
  });
});

describe('the bespoke faults: each fails the checks that must catch it, and names its rule', () => {
  it.concurrent.each(FAULTS)('%s', async (...variant: Variant) => {
    const [name, fault, rule, kind, only] = variant;
    const result = await slot(() =>
      runUnder(
        fault,
        { apiKey: MAIN_KEY, otherApiKey: OTHER_KEY, only, strict: kind === 'strict' },
        ALONE.includes(name),
      ),
    );
    noteFailed(name, result);
    // Exit 1 (departs), not 2 (could not run): every check ran to its verdict.
    const outcomes = result.results.map((r) => `${r.id}: ${r.outcome}${r.reason ? ` (${r.reason})` : ''}`);
    expect(result.conforms, outcomes.join('; ')).toBe(false);
    expect(result.aborted).toBeUndefined();
    const flagged = result.results.flatMap((r) => r.findings.map((f) => ({ check: r.id, outcome: r.outcome, ...f })));
    const named = flagged.filter((f) => f.rule === rule);
    expect(
      named.length,
      `no finding names ${rule}; found: ${[...new Set(flagged.map((f) => f.rule))]}`,
    ).toBeGreaterThan(0);
    expect(named.every((f) => f.outcome === 'fail' && f.statement.length > 0)).toBe(true);
    // A breach of a stated promise fails without --strict: it is never a mere warning.
    if (kind === 'stated') expect(named.some((f) => !f.assumed)).toBe(true);
  });
});

describe('coverage', () => {
  // Runs after the two tables above (vitest runs a file's describe blocks in order).
  it('every check is made to fail (under --strict where all it judges is assumed) by a breach or bespoke fault', () => {
    const never = checks.map((c) => c.id).filter((id) => !failedBy.has(id));
    expect(never, 'checks no breach makes fail').toEqual([]);
  });
});
