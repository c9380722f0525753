import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startProxy } from '@tas/conformance';
import { listOperations, loadDescription } from '@tas/openapi';
import { type Sandbox, startSandbox } from '@tas/sandbox';
import { run } from '@tas/serve/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The suite's fault harness (the generated breaches laid over a sandbox), as the conformance tests use it.
import { faultOf, ruleBreaches } from '../../../packages/conformance/test/claims/breach.js';
import { MAIN_KEY, OTHER_KEY } from '../../../packages/conformance/test/faults/faults.js';
import { startFaultProxy } from '../../../packages/conformance/test/faults/proxy.js';
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
const record = async (key = SMS, state = 'ready') =>
  String((await api(key, 'POST', '/__sandbox/records/', { test_id: 'career-interest', state })).token);
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

/** Each language's samples saved (and compiled) once: the command that runs each, and its folder. */
const built = new Map<string, Promise<{ commands: Record<string, string[]>; where: string }>>();
function programFor(label: string) {
  if (!built.has(label))
    built.set(
      label,
      (async () => {
        const where = mkdtempSync(join(dir, `${label.replace(/\W/g, '')}-`));
        const shown = Object.entries(tabs).map(([id, list]) => ({
          id,
          source: list.find((t) => t.label === label)?.source ?? '',
        }));
        return { commands: await (await programOf(label)).build(where, shown), where };
      })(),
    );
  return built.get(label) as Promise<{ commands: Record<string, string[]>; where: string }>;
}

/** The variables a sample reads: the client's under Getting started's names (TAS_BASE_URL, TAS_RECORD, …). */
const envFor = (label: string, values: Record<string, string>) =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [label === 'TypeScript' ? `TAS_${k}` : k, v]));

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
      const { commands, where } = await programFor(label);
      // Through the conformance suite's proxy: what the samples send and get is judged as a run judges it.
      const proxy = await startProxy({ upstream: sandbox.url, doc });
      const failed: string[] = [];
      let round = 0;
      const sample = async (id: string, values: Record<string, string>) => {
        const env = envFor(label, { BASE_URL: proxy.url, API_KEY: SMS, ...values });
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
        // A roadmap's record takes another test than the example's answers fit: the header's ANSWERS line (bash,
        // whatever the language) is proved on them in curl's round; other samples would send numbers again.
        if (!whole || label !== 'curl') continue;
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

  // The same samples through the generated breaches that only the proxy's response rules hold (issue 48),
  // shared out among the languages so that each breach meets one: every breach a sample's answer passes
  // through is reported under its rule, stated, as a run reports it.
  const breaches = ruleBreaches(doc);
  const tally = { touched: 0, untouched: [] as string[] };
  afterAll(() => {
    const none = tally.untouched.length ? `; not touched: ${tally.untouched.join(', ')}` : '';
    process.stdout.write(`code samples through the breaches: ${tally.touched} of ${breaches.length} touched${none}\n`);
  });
  it.each(SAMPLE_LABELS)('%s: the samples through their share of the breaches, each reported', async (label) => {
    const { commands, where } = await programFor(label);
    const share = breaches.filter((_, i) => i % SAMPLE_LABELS.length === SAMPLE_LABELS.indexOf(label));
    const missed: string[] = [];
    for (const { breach, claim } of share) {
      const sms = breach.mode !== 'instant';
      const [key, other] = sms ? [MAIN_KEY, OTHER_KEY] : [OTHER_KEY, MAIN_KEY];
      const sample = commands[breach.op];
      if (!sample) throw new Error(`no ${label} sample of ${breach.op}`);
      // Its questions are served once a participant is linked; a profile and submit_on are shown once finished.
      const state =
        breach.op === 'getQuestions'
          ? 'authenticated'
          : /profile|submit_on/.test(breach.path ?? '')
            ? 'finished'
            : 'ready';
      const RECORD = await record(key, state);
      const { fault, applied } = faultOf(doc, breach, { main: key, other, sms });
      const faulty = await startFaultProxy(sandbox.url, fault);
      const lines: string[] = [];
      const proxy = await startProxy({ upstream: faulty.url, doc, onLine: (l) => lines.push(l) });
      try {
        await run(sample, envFor(label, { BASE_URL: proxy.url, API_KEY: key, RECORD }), where);
        const judged = await proxy.stop();
        const name = `${claim.id} (${breach.family} ${breach.op} ${breach.path ?? ''})`;
        if (!applied()) {
          tally.untouched.push(name);
          continue;
        }
        tally.touched++;
        const stated = judged.results
          .flatMap((r) => r.findings)
          .filter((f) => !f.assumed && claim.checks.includes(f.rule));
        if (!stated.length || judged.conforms || !/stated \[/.test(lines.join('\n'))) missed.push(name);
      } finally {
        await faulty.close();
      }
    }
    expect(missed).toEqual([]);
  });

  // Plain sh has no $RANDOM: the line's first form gave two runs in the same second one external_id.
  it('the external_id line gives two runs at once under plain sh two numbers', async () => {
    const [line] = FRESH_ID.filter((l) => l.startsWith('EXTERNAL_ID='));
    const runs = await Promise.all([1, 2].map(() => run(['sh', '-c', `${line}\necho "$EXTERNAL_ID"`])));
    const ids = runs.map((r) => r.stdout.trim());
    for (const id of ids) expect(id).toMatch(/^\d{11,15}$/);
    expect(ids[0]).not.toBe(ids[1]);
  });
});
