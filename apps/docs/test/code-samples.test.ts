import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startProxy } from '@tas/conformance';
import { listOperations, loadDescription } from '@tas/openapi';
import { type Sandbox, startSandbox } from '@tas/sandbox';
import { READY_LIMIT_MS } from '@tas/serve/testing';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeSamples, SAMPLE_LABELS, sampleTabs, type Tab } from '../src/builder/code-samples.js';
import { FRESH_ID, type Sample } from '../src/samples/render.js';
import { PROGRAMS, type Printed, type SampleRun, type Shown } from './sample-programs.js';

// Every code sample of the reference, run as a partner runs it, against one sandbox: curl in bash, the
// typed client compiled once with esbuild and run by node, and each language of httpsnippet's made into
// one program (compiled once) that runs one operation per call. The variables each sample reads are
// real tokens made for it on the sandbox.
const doc = loadDescription();
const samples = codeSamples(doc);
let tabs: Record<string, Tab[]>;
// Inside apps/docs, so that `import '@tas/client'` resolves to the workspace's built client.
const artifacts = fileURLToPath(new URL('../test-artifacts', import.meta.url));
let sandbox: Sandbox;
let dir: string;
beforeAll(async () => {
  // The limit is no part of these samples: many runs for one organizer.
  sandbox = await startSandbox({ port: 0, rateLimit: false });
  mkdirSync(artifacts, { recursive: true });
  dir = mkdtempSync(join(artifacts, 'code-samples-'));
  tabs = await sampleTabs(doc);
});
afterAll(() => sandbox?.close());

async function api(key: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${sandbox.url}${path}`, {
    method,
    headers: { 'API-KEY': key, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as { data: Record<string, unknown>; successful: boolean };
  if (!json.successful) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

let made = 0;
/** The example body with a new mobile and new external_ids: the test's own authentications never collide. */
function fresh(operationId: string, name: string): { mobile: string } {
  const body = structuredClone(
    listOperations(doc).find((o) => o.operationId === operationId)?.requestBody?.examples[name],
  ) as Record<string, unknown>;
  made++;
  const stamp = `${Date.now() % 1e6}${made}`;
  return JSON.parse(
    JSON.stringify({ ...body, mobile: `09${stamp.padStart(9, '0').slice(-9)}` }, (k, v) =>
      k === 'external_id' ? Number(`9${stamp}${made}`) + Math.floor(Math.random() * 1e3) : v,
    ),
  );
}

/** Real values for the variables an operation's samples read, made on the sandbox for one run. */
async function prepare({ operationId, call }: Sample): Promise<Record<string, string>> {
  const key = call.key;
  const record = async (state: string) =>
    String((await api(key, 'POST', '/__sandbox/records/', { test_id: 'career-interest', state })).token);
  const roadmap = async () => String((await api(key, 'POST', '/__sandbox/roadmaps/')).token);
  const code = async (mobile: string) =>
    String(((await api(key, 'GET', `/__sandbox/sms/?mobile=${mobile}`)).messages as { code: string }[])[0]?.code);
  switch (operationId) {
    case 'getRecord':
    case 'authenticateRecord':
      return { RECORD: await record('ready') };
    case 'getQuestions':
    case 'submitAnswers':
      return { RECORD: await record('authenticated') };
    case 'getResult':
      return { RECORD: await record('finished') };
    case 'verifyRecordAuth': {
      const RECORD = await record('ready');
      const body = fresh('authenticateRecord', 'RecordAuthRequest');
      await api(key, 'POST', `/api/v2/record/${RECORD}/auth/`, body);
      return { RECORD, CODE: await code(body.mobile) };
    }
    case 'getRoadmap':
    case 'authenticateRoadmap':
      return { ROADMAP: await roadmap() };
    case 'verifyRoadmapAuth': {
      const ROADMAP = await roadmap();
      const body = fresh('authenticateRoadmap', 'RoadmapAuthTwoRoles');
      const started = await api(key, 'POST', `/api/v2/roadmap/${ROADMAP}/auth/`, body);
      return { ROADMAP, DRAFT_TOKEN: String(started.draft_token), CODE: await code(body.mobile) };
    }
    default:
      return {};
  }
}

/** Runs a command; the sandbox answers from this process's event loop, so not spawnSync. */
function run(command: string, args: string[], env: Record<string, string>) {
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(command, args, { cwd: dir, env: { ...process.env, ...env }, timeout: READY_LIMIT_MS });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', (e) => resolve({ status: -1, stdout, stderr: `${stderr}${e.message}` }));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/** The answer a sample printed, read as the API's envelope; what it printed, when it is not one. */
function answer(stdout: string): Record<string, unknown> {
  try {
    return JSON.parse(stdout) as Record<string, unknown>;
  } catch {
    return { printed: stdout.slice(0, 300) };
  }
}

describe('the code samples of the reference', () => {
  it('cover every operation of the description in every language of the tabs, with no placeholder left', () => {
    expect(Object.keys(tabs).sort()).toEqual(
      listOperations(doc)
        .map((o) => o.operationId)
        .sort(),
    );
    for (const [operationId, list] of Object.entries(tabs)) {
      expect([operationId, list.map((t) => t.label)]).toEqual([operationId, SAMPLE_LABELS]);
      for (const t of list)
        expect(t.source, `${operationId} ${t.label}`).not.toMatch(/__[A-Z][A-Z0-9_]*__|tas-base-url/);
    }
    // Every example and field the table names exists in the current description.
    for (const s of samples) {
      const examples = listOperations(doc).find((o) => o.operationId === s.operationId)?.requestBody?.examples ?? {};
      if (s.call.example) expect(Object.keys(examples), s.operationId).toContain(s.call.example);
      for (const [field, variable] of Object.entries(s.call.bodyVariables ?? {}))
        expect(s.curl).toContain(`\\"${field}\\":\\"${variable}\\"`);
    }
  });

  it('typechecks every client sample against the types of the client (strict)', async () => {
    const types = mkdtempSync(join(artifacts, 'code-samples-types-'));
    for (const s of samples) writeFileSync(join(types, `${s.operationId}.ts`), s.client);
    const tsconfig = {
      compilerOptions: {
        strict: true,
        module: 'nodenext',
        moduleResolution: 'nodenext',
        target: 'es2022',
        noEmit: true,
        skipLibCheck: true,
        types: ['node'],
      },
      include: ['*.ts'],
    };
    writeFileSync(join(types, 'tsconfig.json'), JSON.stringify(tsconfig));
    const tsc = fileURLToPath(new URL('../../../node_modules/typescript/bin/tsc', import.meta.url));
    const checked = await run(process.execPath, [tsc, '-p', join(types, 'tsconfig.json')], {});
    expect(checked.stdout).toBe('');
    expect(checked.status).toBe(0);
  });

  /** The client's samples bundled once; one node process imports each, as a new module, per run. */
  const CLIENT_RUNNER = `import { readFileSync } from 'node:fs';
for (const [i, line] of readFileSync(process.argv[2], 'utf8').trim().split('\\n').entries()) {
  const [op, ...pairs] = line.split('\\t');
  for (const pair of pairs) { const at = pair.indexOf('='); process.env[pair.slice(0, at)] = pair.slice(at + 1); }
  console.log('@@@ sample'); console.error('@@@ sample');
  try { await import(\`./\${op}.mjs?run=\${i}\`); } catch (e) { console.error(e); }
}
`;

  /** How each tab's samples run: curl in bash, one at a time; the others as one program each (built once). */
  async function runnerOf(label: string, shown: Shown[]): Promise<(runs: SampleRun[]) => Promise<Printed[]>> {
    const where = mkdtempSync(join(dir, `${label.replace(/\W/g, '')}-`));
    if (label === 'curl')
      return (runs) =>
        Promise.all(
          runs.map(async (r) => {
            const source = shown.find((s) => s.operationId === r.operationId)?.source;
            const ran = await run('bash', ['-c', `set -eo pipefail\n${source}`], r.env);
            return { operationId: r.operationId, stdout: ran.stdout, stderr: ran.stderr };
          }),
        );
    if (label === 'TypeScript') {
      for (const s of shown) writeFileSync(join(where, `${s.operationId}.ts`), s.source);
      await build({
        entryPoints: shown.map((s) => join(where, `${s.operationId}.ts`)),
        outdir: where,
        outExtension: { '.js': '.mjs' },
        bundle: true,
        packages: 'external',
        platform: 'node',
        format: 'esm',
        target: 'node20',
        logLevel: 'silent',
      });
      writeFileSync(join(where, 'runner.mjs'), CLIENT_RUNNER);
      return async (runs) => {
        const file = join(where, 'runs.tsv');
        writeFileSync(
          file,
          `${runs.map((r) => [r.operationId, ...Object.entries(r.env).map(([k, v]) => `${k}=${v}`)].join('\t')).join('\n')}\n`,
        );
        const ran = await run(process.execPath, [join(where, 'runner.mjs'), file], {});
        const split = (text: string) => text.split(/^@@@ sample\n/m).slice(1);
        const [out, err] = [split(ran.stdout), split(ran.stderr)];
        return runs.map((r, i) => ({ operationId: r.operationId, stdout: out[i] ?? '', stderr: err[i] ?? '' }));
      };
    }
    const program = PROGRAMS.find((p) => p.label === label);
    if (!program) throw new Error(`no way to run ${label}`);
    const [probe, ...args] = program.probe as [string, ...string[]];
    if ((await run(probe, args, {})).status !== 0)
      throw new Error(`${label}: its runtime is not installed here (apt-get install ${program.debian})`);
    return program.build(where, shown);
  }

  // external_id is unique per organizer: the two samples that send one run twice (a sample that sent the
  // example's fixed one failed the second time); one sandbox, no reset, for every language.
  const TWICE = new Set(['authenticateRecord', 'authenticateRoadmap']);

  it.each(SAMPLE_LABELS)(
    "%s: every operation's sample succeeds against the sandbox through the suite's proxy, nothing stated found (built once for all)",
    async (label) => {
      const shown = Object.entries(tabs).map(([operationId, list]) => ({
        operationId,
        source: list.find((t) => t.label === label)?.source ?? '',
      }));
      const runAll = await runnerOf(label, shown);
      // Through the conformance suite's proxy: what the samples send and get is judged as a run judges it.
      const proxy = await startProxy({ upstream: sandbox.url, doc });
      // Real values for each run, made first: nothing is reset between runs.
      const runs: SampleRun[] = [];
      for (const sample of samples)
        for (const _ of TWICE.has(sample.operationId) ? [1, 2] : [1]) {
          const values = { BASE_URL: proxy.url, API_KEY: sample.call.key, ...(await prepare(sample)) };
          // The client sample reads Getting started's names (TAS_BASE_URL, TAS_RECORD, …).
          const env =
            label === 'TypeScript'
              ? Object.fromEntries(Object.entries(values).map(([k, v]) => [`TAS_${k}`, v]))
              : values;
          runs.push({ operationId: sample.operationId, env });
        }
      const failed: string[] = [];
      for (const [i, printed] of (await runAll(runs)).entries()) {
        const got = answer(printed.stdout);
        // The client answers the envelope's data (and throws on a refusal); the others print the envelope.
        const ok = label === 'TypeScript' ? !('printed' in got) : got.successful === true;
        // As text: a CI log shows an object in a list cut short ({ run: 4, …(3) }).
        if (!ok || printed.stderr.trim())
          failed.push(JSON.stringify({ run: i, op: printed.operationId, got, stderr: printed.stderr }));
      }
      const judged = await proxy.stop();
      expect(failed).toEqual([]);
      const stated = judged.results.flatMap((r) => r.findings.filter((f) => !f.assumed).map((f) => f.message));
      expect(stated).toEqual([]);
      expect(judged.proxy.judged).toBeGreaterThan(0);
    },
  );

  // Plain sh has no $RANDOM: the line's first form gave two runs in the same second one external_id.
  it('the external_id line gives two runs at once under plain sh two numbers', async () => {
    const [line] = FRESH_ID.filter((l) => l.startsWith('EXTERNAL_ID='));
    const runs = await Promise.all([1, 2].map(() => run('sh', ['-c', `${line}\necho "$EXTERNAL_ID"`], {})));
    const ids = runs.map((r) => r.stdout.trim());
    for (const id of ids) expect(id).toMatch(/^\d{11,15}$/);
    expect(ids[0]).not.toBe(ids[1]);
  });
});
