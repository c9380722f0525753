// What a QA engineer meets from the outside: the CLI run as a child process, as a shell runs it.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSandbox } from '@tas/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_END, EXAMPLE_START, fixturesExample } from '../src/fixtures-example.js';
import { withTable } from '../src/statements/table.js';
import { MAIN_KEY, OTHER_KEY } from './faults/faults.js';
import { startFaultProxy } from './faults/proxy.js';

const bin = fileURLToPath(new URL('../bin/tas-conformance.js', import.meta.url));
const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const dir = mkdtempSync(join(tmpdir(), 'tas-conformance-outside-'));

interface Ran {
  code: number | null;
  out: string;
  err: string;
}

/** Runs the CLI; with `until`, stops it (by its pid) once stdout matches and resolves with what it printed. */
function cli(args: string[], env: Record<string, string> = {}, until?: RegExp, cwd?: string): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], {
      env: { ...process.env, ...env, TAS_API_KEY: env.TAS_API_KEY ?? '' },
      cwd,
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (until?.test(out)) child.kill();
    });
    child.stderr.on('data', (chunk) => {
      err += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

/** A site that is not the API: every path answers `status` with an HTML page. */
async function htmlSite(status: number) {
  const server = createServer((_req, res) =>
    res.writeHead(status, { 'content-type': 'text/html' }).end('<!doctype html><html><body>Docs</body></html>'),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let limited: Awaited<ReturnType<typeof startSandbox>>;
let docs: Awaited<ReturnType<typeof htmlSite>>;
let notFound: Awaited<ReturnType<typeof htmlSite>>;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, rateLimit: false });
  // As the sandbox starts without --no-rate-limit: with the API's limit.
  limited = await startSandbox({ port: 0 });
  docs = await htmlSite(200);
  notFound = await htmlSite(404);
});
afterAll(async () => {
  await Promise.all([sandbox.close(), limited.close(), docs.close(), notFound.close()]);
});

const KEY = { TAS_API_KEY: MAIN_KEY };

describe('a base URL that is not the API: one line before any check, exit 2, reports written', () => {
  it.each([
    ['the docs site', () => docs.url, /^tas-conformance: not the API: GET .* answered 200 text\/html \(not JSON\)/],
    ['a 404 page', () => notFound.url, /^tas-conformance: not the API: GET .* answered 404 text\/html/],
    ['another version', () => `${sandbox.url}/api/v3`, /^tas-conformance: not the API: .*names the version v3/],
    ['a page URL', () => `${sandbox.url}/docs/index.html`, /^tas-conformance: not the API: .*names a page/],
  ])('%s', async (_name, url, want) => {
    const json = join(dir, `not-api-${_name.replace(/\W/g, '')}.json`);
    const junit = json.replace(/json$/, 'xml');
    const args = ['run', '--base-url', url(), '--provision', 'sandbox', '--json', json, '--junit', junit];
    const { code, out, err } = await cli(args, KEY);
    expect(code).toBe(2);
    expect(err).toMatch(want);
    expect(err.trim().split('\n')).toHaveLength(1);
    expect(out).not.toMatch(/^(PASS|FAIL|WARN)/m);
    expect(JSON.parse(readFileSync(json, 'utf8'))).toMatchObject({
      aborted: expect.stringMatching(/^not the API/),
      results: [],
    });
    expect(readFileSync(junit, 'utf8')).toMatch(/<error message="not the API: /);
  });
});

describe('--json and --junit are written when the run stops with exit 2, saying why', () => {
  it.each([
    ['unreachable', ['--base-url', 'http://127.0.0.1:9', '--target', 'mock'], KEY, /^cannot reach /],
    [
      'the key refused',
      ['--base-url', '', '--provision', 'sandbox'],
      { TAS_API_KEY: 'not-a-key' },
      /^the API key was refused/,
    ],
    ['missing fixtures', ['--base-url', 'http://127.0.0.1:9'], KEY, /^missing fixtures/],
  ])('%s', async (name, args, env, want) => {
    const json = join(dir, `stopped-${name.replace(/\W/g, '')}.json`);
    const junit = json.replace(/json$/, 'xml');
    const given = args.map((a) => (a === '' ? sandbox.url : a));
    const { code } = await cli(['run', ...given, '--no-pacing', '--json', json, '--junit', junit], env);
    expect(code).toBe(2);
    const report = JSON.parse(readFileSync(json, 'utf8'));
    expect(report).toMatchObject({ conforms: false, aborted: expect.stringMatching(want) });
    expect(readFileSync(junit, 'utf8')).toMatch(
      /<testsuites name="tas-conformance" tests="1" failures="0" skipped="0" errors="1"/,
    );
  });
});

describe('provisioning refused', () => {
  it("exit 2 with the control API's answer, and the reports say why", async () => {
    const refused = {
      status: 403,
      headers: { 'content-type': 'application/json' },
      body: '{"error":"control API off"}',
    };
    const proxy = await startFaultProxy(sandbox.url, {
      answer: (req) => (req.path.startsWith('/__sandbox/') ? refused : undefined),
    });
    try {
      const json = join(dir, 'provision-refused.json');
      const args = ['run', '--base-url', proxy.url, '--provision', 'sandbox', '--no-pacing', '--json', json];
      const { code, err } = await cli([...args, '--junit', json.replace(/json$/, 'xml')], KEY);
      expect(code).toBe(2);
      expect(err).toMatch(/^tas-conformance: sandbox control API POST \S+ answered 403/);
      expect(JSON.parse(readFileSync(json, 'utf8')).aborted).toMatch(/^sandbox control API POST \S+ answered 403/);
      expect(readFileSync(json.replace(/json$/, 'xml'), 'utf8')).toMatch(/<error message="sandbox control API POST/);
    } finally {
      await proxy.close();
    }
  });
});

describe('waiting for the rate limit is said as it begins, with how long', () => {
  it('pacing: before the check that waits ends', async () => {
    const args = ['run', '--base-url', sandbox.url, '--provision', 'sandbox', '--rate-per-minute', '3'];
    const { out } = await cli(
      [...args, '--only', 'unknown-record,malformed-token'],
      KEY,
      /waiting \d+ s for the rate limit/,
    );
    expect(out).toMatch(/^ {6}waiting (5\d|60) s for the rate limit: 3 per minute$/m);
    // Said as the wait began: the check that waits has not ended.
    expect(out).not.toMatch(/^\w+ {2}malformed-token/m);
  });

  it('a 429: its Retry-After, at once', async () => {
    let once = false;
    const proxy = await startFaultProxy(sandbox.url, {
      answer: (req) => {
        if (once || !req.path.startsWith('/api/v2/record/?')) return undefined;
        once = true;
        return { status: 429, headers: { 'content-type': 'application/json', 'retry-after': '40' }, body: '{}' };
      },
    });
    try {
      const args = [
        'run',
        '--base-url',
        proxy.url,
        '--provision',
        'sandbox',
        '--no-pacing',
        '--only',
        'unknown-record',
      ];
      const { out } = await cli(args, KEY, /waiting \d+ s/);
      expect(out).toMatch(/waiting 40 s for the rate limit: the target answered 429 \(Retry-After 40\)/);
      expect(out).not.toMatch(/^\w+ {2}unknown-record/m);
    } finally {
      await proxy.close();
    }
  });
});

describe("the README's commands", () => {
  const first = /^npx tas-conformance run --base-url http:\/\/localhost:4020 (.*?)\s*(#.*)?$/m.exec(readme);
  const firstArgs = (first?.[1] ?? '').split(/\s+/).map((a) => (/\.(xml|json|html)$/.test(a) ? join(dir, a) : a));
  const bothKeys = { TAS_API_KEY: MAIN_KEY, TAS_OTHER_API_KEY: OTHER_KEY };

  it('the first sandbox command, against a sandbox started as the README starts it, conforms', async () => {
    // Started as a reader of the tarball's README starts it: from the site's Downloads, without the limit.
    expect(readme).toMatch(/^npx --yes --package \.\/tas-sandbox-<version>\.tgz tas-sandbox --no-rate-limit &/m);
    expect(firstArgs).toContain('--no-pacing');
    const { code, out } = await cli(['run', '--base-url', sandbox.url, ...firstArgs], bothKeys);
    expect(out).toMatch(/the target conforms/);
    expect(code).toBe(0);
    expect(readFileSync(join(dir, 'report.html'), 'utf8')).toContain('<h1 class="pass">The target conforms</h1>');
  });

  it('without --no-pacing, its first line says why it takes minutes and how to make it fast', async () => {
    const paced = firstArgs.filter((a) => a !== '--no-pacing');
    const { out } = await cli(['run', '--base-url', limited.url, ...paced], bothKeys, /\n/);
    expect(out.split('\n')[0]).toMatch(
      /^paced to the API's limit \(100 per minute, 3000 per hour\): about \d+ requests take at least \d+ min; .*--no-rate-limit.*--no-pacing/,
    );
  });

  it("the CI example's plan finds enough in the README's fixtures example", async () => {
    const plan = /npx tas-conformance (plan --fixtures "ci\/fixtures-\$MODE\.json" [^\n]*)/.exec(readme)?.[1];
    const example = /<!-- fixtures-example:start[^>]*>\n```json\n([\s\S]*?)```\n<!-- fixtures-example:end -->/.exec(
      readme,
    )?.[1];
    expect(plan, 'the CI example runs plan').toBeDefined();
    expect(example, 'the README shows ci/fixtures.json').toBeDefined();
    const file = join(dir, 'ci-fixtures.json');
    writeFileSync(file, example as string);
    const args = (plan as string)
      .replace('"ci/fixtures-$MODE.json"', file)
      .replace('"$TAS_OTHER_API_KEY"', 'other')
      .split(/\s+/);
    const { code, out, err } = await cli(args);
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(out).toMatch(/The fixtures file has enough\./);
    // Generated from what the plan needs (npm run statements): the example cannot drift from it.
    expect(readme).toBe(withTable(readme, await fixturesExample(), [EXAMPLE_START, EXAMPLE_END]));
  });
});

describe("the README's deployment profile, as written", () => {
  const section = readme.slice(readme.indexOf('## Deployment profile'), readme.indexOf('## SMS'));
  const block = (lang: string, n = 0) =>
    [...section.matchAll(new RegExp(`\`\`\`${lang}\n([\\s\\S]*?)\`\`\``, 'g'))][n]?.[1] ?? '';
  const commands = block('sh')
    .split('\n')
    .filter((line) => line.startsWith('npx tas-conformance '))
    .map((line) =>
      line
        .replace(/\s+#.*$/, '')
        .split(/\s+/)
        .slice(2),
    );
  const DESCRIPTION = 'https://staging.example/openapi.json';

  it('profile init, profile --from-openapi and plan --profile run in an empty folder as the README shows them', async () => {
    expect(commands.map((c) => c.slice(0, 2).join(' '))).toEqual([
      'profile init',
      'profile --from-openapi',
      'plan --profile',
    ]);
    // The deployment's own description, served where the README's URL stands.
    const text = readFileSync(new URL('./variants/fourth.openapi.yaml', import.meta.url), 'utf8');
    const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/yaml' }).end(text));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const served = `http://127.0.0.1:${(server.address() as AddressInfo).port}/openapi.json`;
    const folder = mkdtempSync(join(tmpdir(), 'tas-conformance-profile-'));
    try {
      const [init, propose, plan] = commands as [string[], string[], string[]];
      const inited = await cli(init, {}, undefined, folder);
      expect(inited).toMatchObject({ code: 0, err: '' });
      expect(readFileSync(join(folder, init[2] as string), 'utf8')).toMatch(/^# .*deployment profile/);
      const proposed = await cli(
        propose.map((a) => (a === DESCRIPTION ? served : a)),
        {},
        undefined,
        folder,
      );
      expect(proposed).toMatchObject({ code: 0, err: '' });
      expect(readFileSync(join(folder, propose[3] as string), 'utf8')).toMatch(
        /^listing:\n(.*\n)*? {2}path: \/records\/$/m,
      );
      // The README's example profile, edited into the file init wrote: plan shows what the README shows.
      writeFileSync(join(folder, plan[2] as string), block('yaml'));
      const planned = await cli(plan, {}, undefined, folder);
      expect(planned).toMatchObject({ code: 0, err: '' });
      const shown = block('text')
        .split('\n')
        .filter((line) => line.trim() && line.trim() !== '...');
      const printed = planned.out.split('\n').map((line) => line.replace(/\s+/g, ' ').trim());
      for (const line of shown) expect(printed).toContain(line.replace(/\s+/g, ' ').trim());
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('plan --write-fixtures', () => {
  it('writes a template of what the plan needs, refuses to overwrite it, and once filled it is enough', async () => {
    const file = join(dir, 'template.json');
    const first = await cli(['plan', '--other-api-key', 'x', '--write-fixtures', file]);
    expect(first.code).toBe(0);
    const needs = /Fresh fixtures used up: (\d+) ready records, (\d+) records in VIP wait, (\d+) roadmaps/.exec(
      first.out,
    );
    const template = JSON.parse(readFileSync(file, 'utf8'));
    expect([template.records.ready.length, template.records.vip_wait.length, template.roadmaps.length]).toEqual(
      needs?.slice(1).map(Number),
    );
    expect(template.records.ready[0]).toBe('<token of a ready record (1)>');
    const before = readFileSync(file, 'utf8');
    const again = await cli(['plan', '--write-fixtures', file]);
    expect(again).toMatchObject({ code: 2, err: expect.stringMatching(/the file exists; not overwritten/) });
    expect(readFileSync(file, 'utf8')).toBe(before);
    // Unfilled, a run refuses it by name; filled with tokens, the plan has enough.
    const unfilled = await cli(['plan', '--other-api-key', 'x', '--fixtures', file]);
    expect(unfilled.err).toMatch(/holds "<token of a ready record \(1\)>", not a UUID token/);
    let n = 0;
    const filled = before.replace(/"<[^>]+>"/g, () => `"${`${++n}`.padStart(8, '0')}-0000-4000-8000-000000000000"`);
    writeFileSync(file, filled);
    const ok = await cli(['plan', '--other-api-key', 'x', '--fixtures', file]);
    expect(ok.code).toBe(0);
    expect(existsSync(file)).toBe(true);
  });
});
