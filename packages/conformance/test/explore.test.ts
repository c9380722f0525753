import { startSandbox } from '@tas/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPLORE_REQUESTS, exploreCheck } from '../src/explore/check.js';
import { type RunResult, run } from '../src/run.js';
import { DEFAULT_SEED } from '../src/selection.js';
import { described } from './described-once.js';
import { EXPLORE_FAULTS, type ExploreFault } from './faults/explore.js';
import { MAIN_KEY, OTHER_KEY } from './faults/faults.js';
import { type Fault, startFaultProxy } from './faults/proxy.js';
import { limiter } from './variants/stack.js';

// Exploration proven both ways on one sandbox: the sandbox itself gives no stated finding in either
// mode; each breach that no single answer shows (test/faults/explore.ts) fails `explore` as stated,
// its failure shrunk and shown as the calls that make it.

const clock = { now: () => Date.now(), sleep: async () => {} };
/** Exploration's default share of a live run: each breach is caught within it at the default seed (README: how many seeds of 10 catch each). */
const REQUESTS = EXPLORE_REQUESTS;
const slot = limiter(2);
let sandbox: Awaited<ReturnType<typeof startSandbox>> | undefined;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, rateLimit: false });
});
afterAll(async () => {
  await sandbox?.close();
});

const keysOf = (mode: 'sms' | 'instant') =>
  mode === 'sms' ? { apiKey: MAIN_KEY, otherApiKey: OTHER_KEY } : { apiKey: OTHER_KEY, otherApiKey: MAIN_KEY };

/** A run of `explore` alone; with `other`, the other organizer's key too (explored where the sandbox provisions). */
async function explore(mode: 'sms' | 'instant', fault?: Fault, seed?: number, other = !fault): Promise<RunResult> {
  const proxy = fault ? await startFaultProxy(sandbox?.url as string, fault) : undefined;
  try {
    return await run({
      baseUrl: proxy?.url ?? (sandbox?.url as string),
      ...(other ? keysOf(mode) : { apiKey: keysOf(mode).apiKey }),
      provision: 'sandbox',
      rate: false,
      clock,
      only: ['explore'],
      ...(seed === undefined ? {} : { seed }),
      ...described,
    });
  } finally {
    await proxy?.close();
  }
}

const stated = (r: RunResult) => r.results.flatMap((c) => c.findings.filter((f) => !f.assumed));

describe('exploration of a conformant deployment states nothing', () => {
  it.concurrent.each([
    ['sms', 1],
    ['instant', 1],
    ['instant', 7],
  ] as const)('%s mode, seed %i', async (mode, seed) => {
    const result = await slot(() => explore(mode, undefined, seed));
    const found = stated(result).map((f) => `${f.rule}: ${f.message}`);
    expect(found).toEqual([]);
    const [check] = result.results;
    expect(check?.outcome, check?.reason).toBe('pass');
    // It explored: most of its share was spent on drawn sequences.
    expect(check?.requests).toBeGreaterThan(REQUESTS / 2);
  });
});

// The breaches run as on a live target, where fixtures are the main organizer's: exploration is its key's alone.
describe('each breach no single answer shows fails explore as stated, shrunk to the calls that show it', () => {
  it.concurrent.each(EXPLORE_FAULTS)('%s', async (...[, fault, mode, , says]: ExploreFault) => {
    const result = await slot(() => explore(mode, fault));
    expect(result.conforms).toBe(false);
    const [finding, ...more] = stated(result);
    expect(
      more.filter((f) => f.rule === 'explore'),
      'one finding per failure: shrinking replays report nothing',
    ).toEqual([]);
    expect(finding?.rule).toBe('explore');
    expect(finding?.message).toMatch(says);
    expect(finding?.quotes?.length).toBe(1);
    expect(finding?.message).toMatch(
      RegExp(
        `the shortest failing sequence found \\(\\d+ calls, shrunk \\d+ times, of \\d+ sequences drawn, (with the other organizer's key, )?seed ${DEFAULT_SEED}\\)`,
      ),
    );
    // The calls behind it, each a curl line with its answer in the reports (none before it: one answer disagreed with itself).
    expect(finding?.exchange).toBeDefined();
    expect(finding?.before).toBeDefined();
  });
});

/** Requests of exploration that reach past the main organizer's tours, and the fixtures they need. */
const OTHERS_TOO = 100;
const NEEDS = exploreCheck({ seed: 1, requests: OTHERS_TOO }).needs;

/** Fresh resources made through the sandbox's control API with `key`, as a fixtures file lists them. */
async function fixturesOf(key: string) {
  const make = async (path: string, body: unknown) => {
    const init = { method: 'POST', headers: { 'API-KEY': key, 'Content-Type': 'application/json' } };
    const answer = await fetch(`${sandbox?.url}/__sandbox/${path}/`, { ...init, body: JSON.stringify(body) });
    return ((await answer.json()) as { data: { token: string } }).data.token;
  };
  const ready = () => make('records', { test_id: 'career-interest', state: 'ready' });
  return {
    // What `plan` counts for the requests of exploration given.
    records: { ready: await Promise.all(Array.from({ length: NEEDS?.ready ?? 0 }, ready)) },
    roadmaps: await Promise.all(Array.from({ length: NEEDS?.roadmaps ?? 0 }, () => make('roadmaps', {}))),
  };
}

it("a fixtures file's other organizer is explored too: a breach only its key meets fails explore, named as that key's", async () => {
  const cut = (EXPLORE_FAULTS.find(([name]) => name.startsWith('valid input at an edge')) as ExploreFault)[1];
  // The name cut in answers to the other (instant) organizer only; the main one (SMS) keeps it whole.
  const proxy = await startFaultProxy(sandbox?.url as string, {
    response: (req, res, state) =>
      req.headers['api-key'] === OTHER_KEY ? (cut.response?.(req, res, state) ?? res) : res,
  });
  // As on a live target: the resources of each organizer named in one file, none provisioned by the run.
  const fixtures = { ...(await fixturesOf(MAIN_KEY)), other: await fixturesOf(OTHER_KEY) };
  const result = await slot(() =>
    run({
      baseUrl: proxy.url,
      ...keysOf('sms'),
      fixtures,
      sms: 'sandbox',
      rate: false,
      clock,
      only: ['explore'],
      // The main organizer's tours come first: past them, the other's.
      explore: OTHERS_TOO,
      ...described,
    }),
  ).finally(() => proxy.close());
  const [finding] = stated(result);
  expect(finding?.message).toMatch(/shows profile\.name .* sent /);
  expect(finding?.message).toMatch(/sequences drawn, with the other organizer's key, seed 1\)/);
});
