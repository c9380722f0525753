import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox } from '@tas/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../src/cli.js';
import { PAGE_LIMITS, pagingBeyondPlan } from '../src/journey/listing.js';
import { LOOKING_BEYOND_PLAN } from '../src/journey/roadmap.js';
import { LIVE_REQUESTS } from '../src/selection.js';

let sandbox: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, rateLimit: false });
});
afterAll(() => sandbox.close());

async function cli(args: string[]) {
  let out = '';
  let err = '';
  const code = await main(args, {
    out: (t) => (out += t),
    err: (t) => (err += t),
    env: { TAS_API_KEY: 'sandbox-key-sms' },
  });
  return { code, out, err };
}

const dir = mkdtempSync(join(tmpdir(), 'tas-conformance-negative-'));

describe('--seed and --negative-budget', () => {
  it.each([
    [['plan', '--seed', 'abc'], 'tas-conformance: --seed abc: want a whole number from 0\n'],
    [['plan', '--negative-budget', 'many'], 'tas-conformance: --negative-budget many: want a whole number from 0\n'],
    [['plan', '--seed', '1.5'], 'tas-conformance: --seed 1.5: want a whole number from 0\n'],
  ])('%j is one line and exit 2', async (args, want) => {
    expect(await cli(args)).toMatchObject({ code: 2, err: want });
  });

  it.each([
    [
      ['plan', '--target', 'mock'],
      /^Generated negative inputs: (\d+) requests over \1 constraints .*seed 1 \(--seed\)/m,
    ],
    [
      ['plan', '--target', 'mock', '--negative-budget', '7', '--seed', '3'],
      /^Generated negative inputs: 7 requests over \d+ constraints .*seed 3 /m,
    ],
    [
      ['plan', '--skip', 'tenant-isolation,mobile-limit,draft-token-expiry'],
      /^Generated negative inputs: [1-9]\d* requests/m,
    ],
  ])('plan %j states the budget', async (args, want) => {
    const { out } = await cli(args);
    expect(out).toMatch(want);
  });

  it.each([[[]], [['--slow']]])(
    'a live run %j, every check in, plans at most LIVE_REQUESTS (364) requests',
    async (extra) => {
      const { out } = await cli(['plan', '--other-api-key', 'other', ...extra]);
      const requests = Number(/^Requests: about (\d+)$/m.exec(out)?.[1]);
      expect(requests).toBeGreaterThan(250);
      expect(requests + 1).toBeLessThanOrEqual(LIVE_REQUESTS); // and the key check
    },
  );

  it.each([[[]], [['--slow']]])(
    'a live run %j stays within 395 requests even when each listing it reads runs to its page limit',
    async (extra) => {
      const { out } = await cli(['plan', '--other-api-key', 'other', ...extra]);
      const requests = Number(/^Requests: about (\d+)$/m.exec(out)?.[1]);
      const reading = Object.entries(PAGE_LIMITS).filter(([id]) => extra.length || id !== 'external-id-per-organizer');
      const paging = reading.reduce((sum, [, pages]) => sum + pagingBeyondPlan(pages), 0);
      expect(requests + 1 + paging).toBeLessThanOrEqual(395); // within the 400 a live run may take, with room to spare
      // plan counts them, and the roadmaps age-gender-mismatch and valid-edges look through past the first.
      const atMost = Number(/^Requests at most: (\d+), .*; a live run stops at 400$/m.exec(out)?.[1]);
      expect(atMost - requests - paging).toBe(2 * LOOKING_BEYOND_PLAN);
    },
  );

  it('the same seed sends the same requests, and every report prints it', async () => {
    const runOnce = async (name: string) => {
      const json = join(dir, `${name}.json`);
      const junit = join(dir, `${name}.xml`);
      const args = ['run', '--base-url', sandbox.url, '--target', 'mock', '--only', 'negative', '--seed', '99'];
      const { code, out } = await cli([...args, '--negative-budget', '25', '--json', json, '--junit', junit]);
      return { code, out, json: JSON.parse(readFileSync(json, 'utf8')), junit: readFileSync(junit, 'utf8') };
    };
    const a = await runOnce('a');
    const b = await runOnce('b');
    expect(a.code).toBe(0);
    expect(a.out).toMatch(
      /^generated negative inputs: 25 over \d+ constraints, seed 99 \(repeat them with --seed 99\)$/m,
    );
    expect(a.json).toMatchObject({ seed: 99, negative: { budget: 25 } });
    expect(a.junit).toContain('<property name="seed" value="99"/>');
    const sent = (r: typeof a) =>
      (r.json.results as { id: string; requests: number }[])
        .filter((x) => x.id.startsWith('negative.'))
        .map((x) => [x.id, x.requests]);
    expect(sent(a).reduce((n, [, k]) => n + (k as number), 0)).toBe(25);
    expect(sent(b)).toEqual(sent(a));
  });
});
