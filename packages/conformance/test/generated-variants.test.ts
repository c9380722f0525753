import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listAssumptions } from '@tas/openapi';
import { afterAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { describeBreach } from '../src/claims/index.js';
import { readProfile } from '../src/cli-profile.js';
import { UNSHOWN } from '../src/model/interface.js';
import { exitCodeOf } from '../src/options.js';
import { registry } from '../src/registry.js';
import type { RunResult } from '../src/run.js';
import { described } from './described-once.js';
import { layered } from './faults/layered.js';
import { AXES, type Axis, alone, generate, NOT_LAID, random } from './variants/generate.js';
import { KEYS, runOn, stated } from './variants/run.js';
import { limiter, withStack } from './variants/stack.js';

// Generated conformant variants of the sandbox (test/variants/generate.ts), each with the profile the
// generator writes for it: no stated finding and exit 0 with both keys; generated breaches laid under
// them still fail as stated. A seeded draw, the same each run: TAS_VARIANT_SEED and TAS_VARIANT_COUNT
// draw other combinations (the count at least the largest axis lays every alternative once);
// TAS_VARIANT_ALONE=1 lays every alternative alone too, where by default two the combinations left
// out are laid alone.
const SEED = Number(process.env.TAS_VARIANT_SEED ?? 44);
const COUNT = Number(process.env.TAS_VARIANT_COUNT ?? 3);
const BREACHES = Number(process.env.TAS_VARIANT_BREACHES ?? 6);
const COMBINED = generate(SEED, COUNT);
const ALONE = alone(
  SEED,
  process.env.TAS_VARIANT_ALONE === '1' ? undefined : 2,
  COMBINED.flatMap((v) => v.names),
);
const VARIANTS = [...COMBINED, ...ALONE];

const slot = limiter(2);
const dir = mkdtempSync(join(tmpdir(), 'tas-variants-'));
const started = Date.now();
afterAll(() => {
  const laid = AXES.map(
    (a) =>
      `${a.id} ${new Set(VARIANTS.flatMap((v) => v.names).filter((n) => a.alternatives.some((x) => x.name === n))).size}/${a.alternatives.length}`,
  );
  process.stdout.write(
    `generated variants: seed ${SEED}, ${COUNT} combined and ${ALONE.length} alone deployments × 2 keys, ${BREACHES} breaches under them, ${((Date.now() - started) / 1000).toFixed(0)} s; alternatives laid per axis: ${laid.join(', ')}\n`,
  );
});

/** The generator's profile, written as QA would write it and read back by the CLI's own reader. */
function profileFile(i: number | string, profile: object) {
  const file = join(dir, `variant-${i}.yaml`);
  writeFileSync(file, stringify(profile));
  return { file, profile: readProfile(file) };
}

const runWith = (
  baseUrl: string,
  keys: readonly [string, string],
  profile: ReturnType<typeof profileFile>,
  only?: string[],
) => runOn(baseUrl, keys, { profile: profile.profile, profileFile: profile.file, only });

const covered = (axis: Axis, what: string) =>
  axis.covers.some((c) =>
    typeof c === 'string' ? what === c || (c.startsWith('/') && what.startsWith(c)) : c.test(what),
  );
const notLaid = (what: string) =>
  Object.keys(NOT_LAID).some((k) => what === k || (k.startsWith('/') && what.startsWith(k)));

describe('the generator covers every open choice', () => {
  it('every "not shown" sentence has alternatives, or says why none can be laid', () => {
    expect(UNSHOWN.map((u) => u.quote).filter((q) => !AXES.some((a) => covered(a, q)) && !notLaid(q))).toEqual([]);
  });
  it('every x-assumed part of the description has alternatives, or says why none are laid', () => {
    const all = listAssumptions(described.doc).map((a) => a.pointer);
    expect(all.filter((p) => !AXES.some((a) => covered(a, p)) && !notLaid(p))).toEqual([]);
  });
  it('every axis has several alternatives, each named once', () => {
    for (const axis of AXES) expect(axis.alternatives.length, axis.id).toBeGreaterThanOrEqual(2);
    const names = AXES.flatMap((a) => a.alternatives.map((x) => x.name));
    expect(new Set(names).size).toBe(names.length);
  });
});

describe('a generated conformant deployment, run with the profile the generator wrote: no stated finding, exit 0, with both keys', () => {
  it.concurrent.each(VARIANTS.map((v, i) => [`${i + 1}: ${v.names.join(' + ')}`, i] as const))(
    '%s',
    async (_name, i) => {
      const variant = VARIANTS[i] as (typeof VARIANTS)[number];
      const profile = profileFile(i, variant.profile);
      const results = await slot(() =>
        withStack(variant.layers(), async (url) => {
          const out: RunResult[] = [];
          for (const keys of Object.values(KEYS)) out.push(await runWith(url, keys, profile));
          return out;
        }),
      );
      for (const result of results) {
        expect(stated(result), 'stated failures').toEqual([]);
        const notRun = result.results.filter((r) => r.verdict?.reached === false || r.reason?.startsWith('not run'));
        expect(
          notRun.map((r) => `${r.id}: ${r.reason}`),
          'checks that could not run',
        ).toEqual([]);
        expect(exitCodeOf(result)).toBe(0);
      }
    },
  );
});

/** A seeded draw of the generated breaches whose claim is stated: each laid under one generated variant. */
const { claims } = registry(described.doc, listAssumptions(described.doc));
const names = claims
  .filter((c) => c.basis === 'stated')
  // A listing breach is of the sandbox's first entries; the generated listings serve oldest first (the
  // fresh record on the last page): test/conformant-variants.test.ts lays those under each listing.
  .flatMap((c) =>
    c.breaches.filter((b) => !b.couldNotRun && b.op !== 'listRecords').map((b) => `${c.id}: ${describeBreach(b)}`),
  );
const next = random(SEED);
const drawn = [...new Set(names)]
  .map((n) => [next(), n] as const)
  .sort((a, b) => a[0] - b[0])
  .slice(0, BREACHES)
  .map(([, n]) => n);

describe('a generated breach laid under a generated variant still fails as stated', () => {
  it.concurrent.each(drawn.map((name, i) => [name, i % COUNT] as const))('%s (variant %s)', async (name, v) => {
    const variant = VARIANTS[v] as (typeof VARIANTS)[number];
    const b = layered(name);
    const keys = b.instant ? KEYS.instant : KEYS.sms;
    const result = await slot(() =>
      withStack([b.fault(), ...variant.layers()], (url) =>
        runWith(url, keys, profileFile(`breach-${v}`, variant.profile), b.only),
      ),
    );
    expect(result.conforms, stated(result).join('\n')).toBe(false);
    const named = result.results.flatMap((r) => r.findings.filter((f) => b.judges.includes(f.rule) && !f.assumed));
    expect(
      named.length,
      `no stated finding names ${b.judges.join(' or ')} under ${variant.names.join(' + ')}`,
    ).toBeGreaterThan(0);
  });
});
