import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { listOperations, loadDescription } from '@tas/openapi';
import { type Sandbox, startSandbox } from '@tas/sandbox';
import { READY_LIMIT_MS } from '@tas/serve/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeSamples, withCodeSamples } from '../src/builder/code-samples.js';
import { FRESH_ID, type Sample } from '../src/samples/render.js';

// Every code sample of the reference, run as a partner runs it: the curl one in bash, the typed-client
// one with tsx, against a fresh sandbox; the variables each reads are real tokens made for it.
const doc = loadDescription();
const samples = codeSamples(doc);
// Inside apps/docs, so that `import '@tas/client'` resolves to the workspace's built client.
const artifacts = fileURLToPath(new URL('../test-artifacts', import.meta.url));
let sandbox: Sandbox;
let dir: string;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  mkdirSync(artifacts, { recursive: true });
  dir = mkdtempSync(join(artifacts, 'code-samples-'));
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

const bodyExample = (operationId: string, name: string) =>
  listOperations(doc).find((o) => o.operationId === operationId)?.requestBody?.examples[name] as {
    mobile: string;
  };

/** Real values for the variables an operation's samples read, made on the sandbox for one run. */
async function prepare({ operationId, call }: Sample, reset = true): Promise<Record<string, string>> {
  const key = call.key;
  // The examples carry an external_id, unique per organizer: each run starts from the seed (the test's
  // own authentications below send the examples' fixed ones).
  if (reset) await api(key, 'POST', '/__sandbox/reset/');
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
      const body = bodyExample('authenticateRecord', 'RecordAuthRequest');
      await api(key, 'POST', `/api/v2/record/${RECORD}/auth/`, body);
      return { RECORD, CODE: await code(body.mobile) };
    }
    case 'getRoadmap':
    case 'authenticateRoadmap':
      return { ROADMAP: await roadmap() };
    case 'verifyRoadmapAuth': {
      const ROADMAP = await roadmap();
      const body = bodyExample('authenticateRoadmap', 'RoadmapAuthTwoRoles');
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
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

describe('the code samples of the reference', () => {
  it('cover every operation of the description, and the rendered copy carries them as x-codeSamples', () => {
    expect(samples.map((s) => s.operationId).sort()).toEqual(
      listOperations(doc)
        .map((o) => o.operationId)
        .sort(),
    );
    const rendered = withCodeSamples(doc);
    for (const op of listOperations(rendered)) {
      const item = rendered.paths[op.path] as Record<string, Record<string, unknown>>;
      const labels = ((item[op.method]?.['x-codeSamples'] ?? []) as { label: string }[]).map((s) => s.label);
      expect([op.operationId, labels]).toEqual([op.operationId, ['curl', 'Typed client']]);
    }
    // Every example and field the table names exists in the current description.
    for (const s of samples) {
      const examples = listOperations(doc).find((o) => o.operationId === s.operationId)?.requestBody?.examples ?? {};
      if (s.call.example) expect(Object.keys(examples), s.operationId).toContain(s.call.example);
      for (const [field, variable] of Object.entries(s.call.bodyVariables ?? {}))
        expect(s.curl).toContain(`\\"${field}\\":\\"${variable}\\"`);
    }
    // The description itself is left as it is.
    expect(JSON.stringify(doc)).not.toContain('x-codeSamples');
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

  it.each(samples.map((s) => [s.operationId, s] as const))(
    '%s: the curl sample and the client sample both succeed against the sandbox',
    async (_, sample) => {
      const base = { BASE_URL: sandbox.url, API_KEY: sample.call.key };
      const curlRun = await run('bash', ['-c', `set -eo pipefail\n${sample.curl}`], {
        ...base,
        ...(await prepare(sample)),
      });
      expect(curlRun.stderr).toBe('');
      expect(JSON.parse(curlRun.stdout)).toMatchObject({ successful: true });

      const file = join(dir, `${sample.operationId}.ts`);
      writeFileSync(file, sample.client);
      // The client sample reads Getting started's names (TAS_BASE_URL, TAS_RECORD, …).
      const tasEnv = Object.fromEntries(
        Object.entries({ ...base, ...(await prepare(sample)) }).map(([k, v]) => [`TAS_${k}`, v]),
      );
      const clientRun = await run(process.execPath, ['--import', 'tsx', file], tasEnv);
      expect(clientRun.stderr).toBe('');
      expect(clientRun.status).toBe(0);
      expect(JSON.parse(clientRun.stdout)).toBeTypeOf('object');
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

  // external_id is unique per organizer: a sample that sent the example's fixed one failed the second time.
  it.each(['authenticateRecord', 'authenticateRoadmap'])(
    '%s: the curl and the client sample each succeed twice for one organizer (new external_ids each run)',
    async (operationId) => {
      const sample = samples.find((s) => s.operationId === operationId) as Sample;
      const base = { BASE_URL: sandbox.url, API_KEY: sample.call.key };
      const file = join(dir, `${operationId}-twice.ts`);
      writeFileSync(file, sample.client);
      for (const round of [1, 2]) {
        // A new record or roadmap to authenticate each time; the organizer's profiles are kept.
        const curlRun = await run('bash', ['-c', `set -eo pipefail\n${sample.curl}`], {
          ...base,
          ...(await prepare(sample, false)),
        });
        expect(curlRun.stderr, `curl, round ${round}`).toBe('');
        expect(JSON.parse(curlRun.stdout), `curl, round ${round}`).toMatchObject({ successful: true });
        const tasEnv = Object.fromEntries(
          Object.entries({ ...base, ...(await prepare(sample, false)) }).map(([k, v]) => [`TAS_${k}`, v]),
        );
        const clientRun = await run(process.execPath, ['--import', 'tsx', file], tasEnv);
        expect(clientRun.stderr, `client, round ${round}`).toBe('');
        expect(clientRun.status, `client, round ${round}`).toBe(0);
      }
    },
  );
});
