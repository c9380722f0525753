import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadDescription } from '@tas/openapi';
import { startSandbox } from '@tas/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recode } from '../src/claims/make.js';
import { main } from '../src/cli.js';
import { faultOf } from './claims/breach.js';
import { MAIN_KEY, OTHER_KEY } from './faults/faults.js';
import { startFaultProxy } from './faults/proxy.js';

let sandbox: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, rateLimit: false });
});
afterAll(() => sandbox.close());

async function cli(args: string[], env: Record<string, string> = {}) {
  let out = '';
  let err = '';
  const code = await main(args, { out: (t) => (out += t), err: (t) => (err += t), env });
  return { code, out, err };
}

const dir = mkdtempSync(join(tmpdir(), 'tas-conformance-'));

describe('tas-conformance', () => {
  it.each([
    [['--help'], /Exit codes/],
    [['run', '--help'], /--base-url URL/],
    [['plan', '--help'], /what a run will need/],
    [['plan', '--help'], /--write-fixtures FILE writes a fixtures file/],
    [['run', '--help'], /also when the run stops with exit 2/],
    [['run', '--help'], /--no-rate-limit .*--no-pacing/],
  ])('%j prints help and exits 0', async (args, want) => {
    const { code, out } = await cli(args);
    expect(code).toBe(0);
    expect(out).toMatch(want);
  });

  it('--list prints every check with its id and the interface statement', async () => {
    const { code, out } = await cli(['--list']);
    expect(code).toBe(0);
    expect(out).toMatch(/^roadmap-record-auth\s+journey\s+Rule 3: .*409/m);
    expect(out).toMatch(/^response\.retry-after\s+response\s+Limits/m);
  });

  it.each([
    ['an unknown flag', ['run', '--bogus'], /^tas-conformance: unknown flag --bogus \(see tas-conformance --help\)\n$/],
    ['a flag without its value', ['run', '--timeout'], /--timeout/],
    ['a bad time-out', ['run', '--timeout', '0'], /--timeout 0: want a number of seconds/],
    ['no base url', ['run', '--api-key', 'k'], /--base-url/],
    ['no key', ['run', '--base-url', 'http://127.0.0.1:9'], /TAS_API_KEY/],
    [
      'an unknown check id',
      ['run', '--base-url', 'http://127.0.0.1:9', '--api-key', 'k', '--only', 'nope'],
      /unknown check id: nope/,
    ],
    ['a bad target', ['plan', '--target', 'prod'], /--target prod/],
    [
      "another command's flag on run",
      ['run', '--base-url', 'http://127.0.0.1:9', '--api-key', 'k', '--port', '5000'],
      /--port is not a flag of run \(a flag of proxy\)/,
    ],
    [
      "run's flag on proxy",
      ['proxy', '--upstream', 'http://127.0.0.1:9', '--only', 'x'],
      /--only is not a flag of proxy/,
    ],
    ["run's flag on profile", ['profile', 'init', '--seed', '3'], /--seed is not a flag of profile/],
    [
      'an unreachable target',
      ['run', '--base-url', 'http://127.0.0.1:9', '--api-key', 'k', '--target', 'mock'],
      /cannot reach/,
    ],
    [
      'missing fixtures for a live target',
      ['run', '--base-url', 'http://127.0.0.1:9', '--api-key', 'k'],
      /missing fixtures/,
    ],
    [
      'a fixtures file that cannot be read',
      ['run', '--base-url', 'http://127.0.0.1:9', '--api-key', 'k', '--fixtures', '/nonexistent.json'],
      /cannot read/,
    ],
  ])('%s: exit 2 with a clear message', async (_name, args, want) => {
    const { code, err } = await cli(args);
    expect(code).toBe(2);
    expect(err).toMatch(want);
  });

  it('plan says what a live run needs and how long it takes paced; without fixtures it says what to provision, while run refuses', async () => {
    const { code, out, err } = await cli(['plan', '--other-api-key', 'x']);
    const runs = await cli(['run', '--base-url', 'http://127.0.0.1:9', '--api-key', 'k', '--other-api-key', 'x']);
    expect([code, runs.code]).toEqual([0, 2]);
    expect(err).toBe('');
    expect(runs.err).toMatch(/^tas-conformance: missing fixtures: /);
    expect(out).toMatch(
      /To provision before a live run, in the organizer panel of the organizer whose key is --api-key/,
    );
    expect(out).toMatch(/^ {2}\d+ ready records \(records\.ready\)/m);
    expect(out).toMatch(/Fresh fixtures used up: \d+ ready records, 1 records in VIP wait, \d+ roadmaps/);
    expect(out).toMatch(/Time under the rate limit \(100\/min and 3000\/hour\): at least \d+ min/);
    const fixtures = join(dir, 'few.json');
    writeFileSync(fixtures, JSON.stringify({ records: { ready: [] }, roadmaps: [] }));
    const short = await cli(['plan', '--fixtures', fixtures]);
    expect(short.code).toBe(2);
    expect(short.err).toMatch(/not enough fixtures: \d+ more records\.ready/);
  });

  it('run against the sandbox: a line per check, a summary, reports without the key, exit 0', async () => {
    const json = join(dir, 'ok.json');
    const junit = join(dir, 'ok.xml');
    const html = join(dir, 'ok.html');
    const args = [
      'run',
      '--base-url',
      sandbox.url,
      '--provision',
      'sandbox',
      '--no-pacing',
      '--json',
      json,
      '--junit',
      junit,
      '--html',
      html,
    ];
    const { code, out } = await cli(args, { TAS_API_KEY: MAIN_KEY, TAS_OTHER_API_KEY: OTHER_KEY });
    expect(code).toBe(0);
    expect(out).toMatch(/^PASS {2}record-auth {2}/m);
    expect(out).toMatch(/^total\s+\d+\s+0\s+0\s+0$/m);
    expect(out).toMatch(/^findings: 0 stated .*, 0 assumed/m);
    // What the run left on the sandbox, listed by token.
    expect(out).toMatch(/^created on the sandbox: \d+ /m);
    expect(out).toMatch(/^ {2}roadmap {2}[0-9a-f-]{36} {2}ready roadmap$/m);
    const report = JSON.parse(readFileSync(json, 'utf8'));
    expect(report.conforms).toBe(true);
    expect(report.created.length).toBeGreaterThan(10);
    expect(report.findings).toEqual({ stated: 0, assumed: 0 });
    expect(readFileSync(junit, 'utf8')).toMatch(/<testsuites name="tas-conformance" tests="\d+" failures="0"/);
    const page = readFileSync(html, 'utf8');
    expect(page).toContain('<h1 class="pass">The target conforms</h1>');
    expect(page).toMatch(/<tr class="pass"><td>Errors: POST \/roadmap\/\{token\}\/auth\/<\/td>/);
    expect(page).not.toMatch(/<tr class="fail">/);
  });

  it('a key the target refuses: exit 2 at once, before any check', async () => {
    const args = ['run', '--base-url', sandbox.url, '--provision', 'sandbox', '--no-pacing'];
    const { code, out, err } = await cli(args, { TAS_API_KEY: 'not-a-key-of-the-sandbox' });
    expect(code).toBe(2);
    expect(err).toMatch(/^tas-conformance: the API key was refused \(401 /);
    expect(out).toBe('');
  });

  it("pacing: the API's limits for sandbox and live, none for the mock", async () => {
    expect((await cli(['plan', '--target', 'mock'])).out).toMatch(/Time under the rate limit \(no pacing\)/);
    const sandboxPlan = await cli(['plan', '--target', 'sandbox', '--provision', 'sandbox']);
    expect(sandboxPlan.out).toMatch(/\(100\/min and 3000\/hour\)/);
    expect((await cli(['plan', '--target', 'mock', '--rate-per-minute', '10'])).out).toMatch(/\(10\/min/);
  });

  it('run against a faulty server: the failure carries request, response and curl; the key never appears; exit 1', async () => {
    // A server that refuses record auth of a roadmap record with 400, not the 409 rule 3 states.
    const keys = { main: MAIN_KEY, other: OTHER_KEY, sms: true };
    const { fault } = faultOf(loadDescription(), recode('authenticateRecord', ['roadmap_record'], 400), keys);
    const proxy = await startFaultProxy(sandbox.url, fault);
    try {
      const json = join(dir, 'bad.json');
      const junit = join(dir, 'bad.xml');
      const args = ['run', '--base-url', proxy.url, '--api-key', MAIN_KEY, '--provision', 'sandbox', '--no-pacing'];
      const html = join(dir, 'bad.html');
      const { code, out } = await cli([...args, '--json', json, '--junit', junit, '--html', html]);
      expect(code).toBe(1);
      expect(out).toMatch(/^FAIL {2}roadmap-record-auth/m);
      expect(out).toContain(`curl -i -X POST '${proxy.url}/api/v2/record/`);
      expect(out).toContain('-H "API-KEY: $TAS_API_KEY"');
      const report = JSON.parse(readFileSync(json, 'utf8'));
      const failed = report.results.find((r: { id: string }) => r.id === 'roadmap-record-auth');
      expect(failed.findings[0]).toMatchObject({ request: { method: 'POST' }, response: { status: 400 } });
      expect(failed.findings[0].curl).toContain('$TAS_API_KEY');
      expect(failed.findings[0]).toMatchObject({ assumed: false, breaks: 'stated' });
      expect(report.findings.stated).toBeGreaterThan(0);
      expect(out).toMatch(/^ {6}stated \[roadmap-record-auth\] /m);
      expect(readFileSync(junit, 'utf8')).toMatch(/<property name="stated_findings" value="[1-9]\d*"\/>/);
      expect(readFileSync(junit, 'utf8')).toMatch(
        /<testcase classname="journey" name="roadmap-record-auth" time="[\d.]+"><failure/,
      );
      const page = readFileSync(html, 'utf8');
      expect(page).toContain('<h1 class="fail">The target departs from the contract</h1>');
      expect(page).toMatch(/<section class="finding"><h3>[^<]*<\/h3>\n<p><code>roadmap-record-auth<\/code> \(stated\)/);
      expect(page).toContain(`curl -i -X POST '${proxy.url}/api/v2/record/`);
      expect(page).toMatch(/<tr class="fail">[^\n]*roadmap-record-auth/);
      for (const text of [out, readFileSync(json, 'utf8'), readFileSync(junit, 'utf8'), page])
        expect(text).not.toContain(MAIN_KEY);
    } finally {
      await proxy.close();
    }
  });
});
