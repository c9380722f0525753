import { createValidator, listAssumptions, listOperations, loadDescription } from '@tas/openapi';
import { startSandbox } from '@tas/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limitsOf } from '../src/journey/profile.js';
import { mutations } from '../src/mutations.js';
import { drawCases } from '../src/negative/draw.js';
import { readsAs } from '../src/negative/lenient.js';
import { listSites } from '../src/negative/sites.js';
import { exitCodeOf } from '../src/options.js';
import { run } from '../src/run.js';
import { DEFAULT_SEED, settle } from '../src/selection.js';
import { described } from './described-once.js';
import { startFaultStack } from './faults/proxy.js';
import { answers } from './variants/choices.js';

/** career-interest's test, wherever an answer shows it, with no age or gender limit. */
function unlimit(node: unknown): void {
  if (Array.isArray(node)) for (const item of node) unlimit(item);
  else if (node && typeof node === 'object') {
    const o = node as Record<string, unknown>;
    if (o.test_id === 'career-interest' && o.test && typeof o.test === 'object')
      Object.assign(o.test, { min_age: null, max_age: null, gender_permission: 'all' });
    for (const v of Object.values(o)) unlimit(v);
  }
}

const doc = loadDescription();
const assumptions = listAssumptions(doc);
const sites = listSites(doc, assumptions);
const at = (c: { body?: unknown }, path: string[]) =>
  path.reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], c.body);

describe('verdicts that repeat and never rest on luck', () => {
  it('the seed is fixed unless --seed gives one', () => {
    expect(settle({}).seed).toBe(DEFAULT_SEED);
    expect(settle({ seed: 7 }).seed).toBe(7);
  });

  it('a generated null for an optional field, or a value a lenient reader takes as the type, is never a stated verdict', () => {
    const validator = createValidator(doc);
    const typed = sites.filter((s) => s.in === 'body' && s.kind === 'type');
    let nulls = 0;
    let lenient = 0;
    for (let seed = 0; seed < 40; seed++)
      for (const c of drawCases(doc, validator, typed, seed, typed.length * 2)) {
        const site = typed.find(
          (s) => c.operationId === s.operationId && c.label.startsWith(`body /${s.path.join('/')}:`),
        );
        if (!site) continue;
        const value = at(c, site.path);
        if (value === null && site.optional) {
          nulls++;
          expect(c.assumed, c.label).toBe(true);
        }
        if (readsAs(value, site.schema)) {
          lenient++;
          expect(c.assumed, c.label).toBe(true);
        }
      }
    // The draws did reach both kinds (external_id: null among them), so the expectations above ran.
    expect(nulls).toBeGreaterThan(0);
    expect(lenient).toBeGreaterThan(0);
  });

  it('readsAs knows the common readings and nothing more', () => {
    expect(readsAs('12', { type: 'integer' })).toBe(true);
    expect(readsAs('x12', { type: 'integer' })).toBe(false);
    expect(readsAs(1, { type: 'boolean' })).toBe(true);
    expect(readsAs('yes', { type: 'boolean' })).toBe(true);
    expect(readsAs([], { type: 'boolean' })).toBe(false);
    expect(readsAs(12345, { type: 'string', pattern: '^\\d{4,8}$' })).toBe(true);
    expect(readsAs(12345, { type: 'string', pattern: '^09\\d{9}$' })).toBe(false);
    expect(readsAs(null, { type: 'integer' })).toBe(false);
  });

  it('a hand-picked wrong type a lenient reader takes (the SMS code 12345 as a number) is a note, not a stated failure', () => {
    const verify = listOperations(doc).find((o) => o.operationId === 'verifyRecordAuth');
    const body = verify?.requestBody;
    if (!body) throw new Error('verifyRecordAuth has a body');
    const made = mutations(doc, assumptions, body.schemaPointer, { code: '12345' });
    const number = made.find((m) => /wrong type/.test(m.label));
    expect(number?.body).toEqual({ code: 12345 });
    expect(number?.assumed).toBe(true);
  });

  it('an age limit sent as digits in a string is read as the number, in an encoding the profile did not state', () => {
    const fields = { ages: 'integer' as const, gender_permission: { all: 'all', men: 'male', women: 'female' } };
    expect(limitsOf({ min_age: '18', max_age: 60 } as never, fields)).toMatchObject({ min: 18, max: 60, known: false });
    expect(limitsOf({ min_age: 18, max_age: null }, fields)).toMatchObject({ min: 18, max: undefined, known: true });
    expect(limitsOf({ gender_permission: 'F' } as never, fields)).toMatchObject({ gender: 'women', known: false });
  });
});

describe('a check that needs a fixture of a kind', () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  let proxy: Awaited<ReturnType<typeof startFaultStack>>;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, rateLimit: false });
    // Every sandbox test limits age: this deployment's career-interest limits nothing.
    proxy = await startFaultStack(sandbox.url, [{ response: answers(unlimit) }]);
  });
  afterAll(async () => {
    await proxy.close();
    await sandbox.close();
  });

  const KEY = 'sandbox-key-instant';
  async function roadmap(limited: boolean): Promise<string> {
    // The sandbox's default roadmap has tests with age limits; career-interest has none behind the proxy.
    const body = limited ? {} : { roles: [{ id: 1, title: 'نقش', test_ids: ['career-interest'] }] };
    const res = await fetch(`${sandbox.url}/__sandbox/roadmaps/`, {
      method: 'POST',
      headers: { 'API-KEY': KEY, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    return ((await res.json()) as { data: { token: string } }).data.token;
  }
  const runOn = (roadmaps: string[]) =>
    run({
      baseUrl: proxy.url,
      apiKey: KEY,
      target: 'sandbox',
      fixtures: { roadmaps },
      rate: false,
      only: ['age-gender-mismatch', 'valid-edges'],
      ...described,
    });

  it('looks past roadmaps that do not fit and passes on one that does', async () => {
    const result = await runOn([
      await roadmap(false),
      await roadmap(false),
      await roadmap(true),
      await roadmap(true),
      await roadmap(true),
    ]);
    expect(result.results.map((r) => [r.id, r.outcome, r.reason])).toEqual([
      ['age-gender-mismatch', 'pass', undefined],
      ['valid-edges', 'pass', undefined],
    ]);
    expect(exitCodeOf(result)).toBe(0);
  });

  it('with none that fits, says what it needs, and the run does not exit 0', async () => {
    const result = await runOn([await roadmap(false), await roadmap(false), await roadmap(false)]);
    const mismatch = result.results.find((r) => r.id === 'age-gender-mismatch');
    expect(mismatch?.verdict?.reached).toBe(false);
    expect(mismatch?.reason).toMatch(/needs a roadmap with a test that has an age limit/);
    expect(result.findings.stated).toBe(0);
    expect(exitCodeOf(result)).toBe(2);
  });
});
