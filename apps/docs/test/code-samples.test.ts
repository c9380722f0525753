import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startProxy } from '@tas/conformance';
import { listOperations, loadDescription } from '@tas/openapi';
import { type Sandbox, startSandbox } from '@tas/sandbox';
import { run } from '@tas/serve/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeSamples, SAMPLE_LABELS, sampleTabs, type Tab } from '../src/builder/code-samples.js';
import { FRESH_ID } from '../src/samples/render.js';
import { programOf } from './sample-programs.js';

// Every code sample of the reference, run as a partner runs it, against one sandbox: each saved as the
// file it names and run by itself (curl in bash, the typed client by node once esbuild has stripped its
// types, Java and C# compiled as the header says, Go built). The variables each sample reads are real
// tokens the samples before it made, as a partner's would be.
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

const SMS = 'sandbox-key-sms';
const record = async () =>
  String((await api(SMS, 'POST', '/__sandbox/records/', { test_id: 'career-interest', state: 'ready' })).token);
const roadmap = async () => String((await api(SMS, 'POST', '/__sandbox/roadmaps/')).token);
/** The newest code sent to `mobile`, if it was sent for `token` (else none: the sample sent it elsewhere). */
async function codeFor(mobile: string | undefined, token: string): Promise<string> {
  if (!mobile) return '';
  const messages = (await api(SMS, 'GET', `/__sandbox/sms/?mobile=${mobile}`)).messages as Record<string, string>[];
  return messages[0]?.token === token ? String(messages[0].code) : '';
}

/** What a sample printed: the mobile it made (its `mobile: …` line), then the answer, as JSON. */
function printed(stdout: string): { mobile?: string; answer?: Record<string, unknown> } {
  const mobile = /^mobile: (09\d{9})$/m.exec(stdout)?.[1];
  try {
    return { mobile, answer: JSON.parse(stdout.replace(/^mobile: .*$/m, '')) as Record<string, unknown> };
  } catch {
    return { mobile };
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
        expect([`\\"${field}\\":\\"${variable}\\"`, `\\"${field}\\":${variable}`].some((t) => s.curl.includes(t))).toBe(
          true,
        );
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
    const checked = await run([process.execPath, tsc, '-p', join(types, 'tsconfig.json')]);
    expect(checked.stdout).toBe('');
    expect(checked.code).toBe(0);
  });

  /** The line a sample's header gives to build the answers (`e.g. ANSWERS=$(…)`), run as shown in bash. */
  async function answersFor(RECORD: string): Promise<string> {
    const line = /e\.g\. (ANSWERS=.*)$/m.exec(samples.find((s) => s.operationId === 'submitAnswers')?.curl ?? '')?.[1];
    const ran = await run(['bash', '-c', `${line}\nprintf %s "$ANSWERS"`], {
      BASE_URL: sandbox.url,
      API_KEY: SMS,
      RECORD,
    });
    return ran.stdout;
  }

  // Each language's samples saved and run as the page shows them, one process per run, in a partner's order on one
  // sandbox, the authentications twice: a record and a roadmap, each authenticated by SMS with the code the sample's own mobile got,
  // answered with answers built from its own questions. Seven languages twice make 14 authentications of each kind
  // for one organizer: a sample that sent a fixed mobile would meet the sandbox's 5 per mobile (mobile_limit), one
  // that sent a fixed external_id a duplicate_external_id in its second round.
  it.each(SAMPLE_LABELS)(
    '%s: every sample run as shown, the authentications twice in a row on one sandbox, through the suite proxy, nothing stated found',
    async (label) => {
      const program = await programOf(label);
      // Through the conformance suite's proxy: what the samples send and get is judged as a run judges it.
      const proxy = await startProxy({ upstream: sandbox.url, doc });
      const where = mkdtempSync(join(dir, `${label.replace(/\W/g, '')}-`));
      const shown = Object.entries(tabs).map(([id, list]) => ({
        id,
        source: list.find((t) => t.label === label)?.source ?? '',
      }));
      const commands = await program.build(where, shown);
      const failed: string[] = [];
      let round = 0;
      const sample = async (id: string, values: Record<string, string>) => {
        // The client sample reads Getting started's names (TAS_BASE_URL, TAS_RECORD, …).
        const env = Object.fromEntries(
          Object.entries({ BASE_URL: proxy.url, API_KEY: SMS, ...values }).map(([k, v]) => [
            label === 'TypeScript' ? `TAS_${k}` : k,
            v,
          ]),
        );
        const ran = await run(commands[id] as string[], env, where);
        const out = printed(ran.stdout);
        // The client answers the envelope's data (and throws on a refusal); the others print the envelope.
        const ok =
          label === 'TypeScript' ? ran.code === 0 && out.answer !== undefined : out.answer?.successful === true;
        // As text: a CI log shows an object in a list cut short ({ run: 4, …(3) }).
        if (!ok || ran.stderr.trim())
          failed.push(
            JSON.stringify({ round, id, values, stdout: ran.stdout.slice(0, 500), stderr: ran.stderr.slice(-500) }),
          );
        const data = (label === 'TypeScript' ? out.answer : out.answer?.data) as Record<string, unknown> | undefined;
        return { mobile: out.mobile, data: data ?? {} };
      };
      const answered = async (RECORD: string) => {
        await sample('getQuestions', { RECORD });
        await sample('submitAnswers', { RECORD, ANSWERS: await answersFor(RECORD) });
        await sample('getResult', { RECORD });
      };
      // The second round runs again what makes something that must not be reused (the authentications and
      // their verification); reading and answering a new record twice proves nothing more and cost minutes.
      for (round = 1; round <= 2; round++) {
        const whole = round === 1;
        if (whole) await sample('listRecords', {});
        const RECORD = await record();
        if (whole) await sample('getRecord', { RECORD });
        const sent = await sample('authenticateRecord', { RECORD });
        await sample('verifyRecordAuth', { RECORD, CODE: await codeFor(sent.mobile, RECORD) });
        if (whole) await answered(RECORD);
        const ROADMAP = await roadmap();
        if (whole) await sample('getRoadmap', { ROADMAP });
        const started = await sample('authenticateRoadmap', { ROADMAP });
        const CODE = await codeFor(started.mobile, ROADMAP);
        await sample('verifyRoadmapAuth', { ROADMAP, DRAFT_TOKEN: String(started.data.draft_token), CODE });
        if (!whole) continue;
        // A roadmap's record takes another test than the example's answers fit.
        const records = (await api(SMS, 'GET', `/api/v2/roadmap/${ROADMAP}/`)).test_records as { token: string }[];
        for (const r of records) await answered(r.token);
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
    const runs = await Promise.all([1, 2].map(() => run(['sh', '-c', `${line}\necho "$EXTERNAL_ID"`])));
    const ids = runs.map((r) => r.stdout.trim());
    for (const id of ids) expect(id).toMatch(/^\d{11,15}$/);
    expect(ids[0]).not.toBe(ids[1]);
  });
});
