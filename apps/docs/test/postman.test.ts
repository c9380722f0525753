import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ProxyResult, startProxy } from '@tas/conformance';
import { startMock } from '@tas/mock';
import { listOperations, loadDescription } from '@tas/openapi';
import { type Sandbox, startSandbox } from '@tas/sandbox';
import { run, TEST_LIMIT_MS } from '@tas/serve/testing';
import { run as newmanRun, type Summary } from 'newman';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type POSTMAN_ENVIRONMENTS, POSTMAN_ORDER, postmanEnvironment } from '../src/builder/postman.js';
import { offeredCollection } from './offered-collection.js';
import { codeBlocks } from './page-text.js';

// The Postman collection of the downloads page, run by newman (as the page tells a partner to) with
// each of its environments, against a fresh sandbox and the mock on free ports.
const doc = loadDescription();
const site = fileURLToPath(new URL('../dist', import.meta.url));
// newman comes from the npm cache the repository's install filled, when it is there.
const npmEnv = { npm_config_prefer_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false' };
const operations = listOperations(doc);
const bySummary = new Map(operations.map((o) => [o.summary, o]));
let built: Record<string, unknown>;
let sandbox: Sandbox;
let mock: Awaited<ReturnType<typeof startMock>>;

beforeAll(async () => {
  built = await offeredCollection(doc);
  sandbox = await startSandbox({ port: 0 });
  mock = await startMock({ port: 0 });
});
afterAll(async () => {
  await sandbox?.close();
  await mock?.close();
});

/** The environment the page offers, pointed at this test's server (only base_url differs). */
function environmentFor(name: keyof typeof POSTMAN_ENVIRONMENTS, url: string) {
  const env = postmanEnvironment(name, doc.info.title) as { values: { key: string; value: string }[] };
  for (const v of env.values) if (v.key === 'base_url') v.value = url;
  return env;
}

function newman(environment: object): Promise<Summary> {
  // A fresh copy each run: the collection's scripts keep the journey's state in its variables.
  const collection = structuredClone(built);
  return new Promise((resolve, reject) =>
    newmanRun({ collection, environment, reporters: [], timeoutRequest: 30_000 }, (error, summary) =>
      error ? reject(error) : resolve(summary),
    ),
  );
}

/** What a run did: each request's operation and status (skipped requests have none), and the failed assertions. */
function report(summary: Summary) {
  // A request's pm.sendRequest (the outbox, a new roadmap) is an execution of the same item: one each.
  const ran = summary.run.executions
    .filter((e, i, all) => e.assertions?.length && all[i - 1]?.item !== e.item)
    .map((e) => [bySummary.get(e.item.name)?.operationId, e.response?.code]);
  const failures = summary.run.failures.map((f) => `${f.source?.name}: ${f.error.message.replace(/\s+/g, ' ')}`);
  return { ran, failures, assertions: summary.run.stats.assertions.total };
}

/** A deployment that breaks one documented rule: getRecord's answer lacks the required `test_title`. */
async function brokenDeployment(target: string) {
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const upstream = await fetch(`${target}${req.url}`, {
      method: req.method,
      headers: req.headers as Record<string, string>,
      body: chunks.length ? Buffer.concat(chunks) : undefined,
    });
    let text = await upstream.text();
    if (req.method === 'GET' && /^\/api\/v2\/record\/[^/]+\/$/.test(req.url ?? '')) {
      const json = JSON.parse(text);
      delete json.data.test_title;
      text = JSON.stringify(json);
    }
    res.writeHead(upstream.status, { 'content-type': 'application/json' }).end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

const JOURNEY = ['listRecords', 'getRecord', 'authenticateRecord', 'getQuestions', 'submitAnswers', 'getResult'];

describe("the Downloads page's newman commands", () => {
  it(
    'run as written in a folder with the downloaded files, green against a fresh sandbox',
    async () => {
      const page = readFileSync(join(site, 'downloads.html'), 'utf8');
      const section = page.slice(page.indexOf('<h2 id="postman">'));
      const commands = (codeBlocks(section)[0] ?? '').split('\n').filter((l) => l.startsWith('npx --yes newman'));
      expect(commands).toHaveLength(2);
      const folder = mkdtempSync(join(tmpdir(), 'tas-newman-'));
      for (const file of readdirSync(site).filter((f) => f.startsWith('tas-api') && f.endsWith('.json')))
        copyFileSync(join(site, file), join(folder, file));
      for (const command of commands) {
        await fetch(`${sandbox.url}/__sandbox/reset/`, {
          method: 'POST',
          headers: { 'API-KEY': 'sandbox-key-instant' },
        });
        // The one change: the test's sandbox is on a free port, not on 4020.
        const ran = await run(['sh', '-c', `${command} --env-var base_url=${sandbox.url}`], npmEnv, folder);
        expect(ran.code, ran.stdout + ran.stderr).toBe(0);
        expect(ran.stdout).toMatch(/assertions\s*│\s*\d+\s*│\s*0/);
      }
      rmSync(folder, { recursive: true, force: true });
    },
    TEST_LIMIT_MS,
  );
});

describe('the Postman collection', () => {
  it('has every operation once, in the order an integration calls them', () => {
    const names = (built.item as { name: string }[]).map((i) => bySummary.get(i.name)?.operationId);
    expect(names).toEqual(POSTMAN_ORDER.filter((id) => operations.some((o) => o.operationId === id)));
    expect(names.length).toBe(operations.length);
  });

  it.each([
    ['sandbox', JOURNEY.length + 2, ['verifyRecordAuth', 'verifyRoadmapAuth']],
    ['sandbox-sms', JOURNEY.length + 4, []],
  ] as const)(
    'passes on a fresh sandbox with the %s environment: every status and body asserted; through the proxy, every operation sent, no stated finding',
    async (name, requests, skipped) => {
      await fetch(`${sandbox.url}/__sandbox/reset/`, { method: 'POST', headers: { 'API-KEY': 'sandbox-key-instant' } });
      // Through `tas-conformance proxy` (issue 48): traffic its authors did not write, judged as a run judges it.
      // The same traffic through the generated breaches: postman-proxy.test.ts.
      const lines: string[] = [];
      const proxy = await startProxy({ upstream: sandbox.url, doc, onLine: (l) => lines.push(l) });
      const { ran, failures, assertions } = report(await newman(environmentFor(name, proxy.url)));
      const judged = (await proxy.stop()) as ProxyResult;
      expect(lines).toEqual([]);
      expect(judged.findings.stated).toBe(0);
      expect(judged.conforms).toBe(true);
      expect(judged.results.filter((r) => !r.requests).map((r) => r.id)).toEqual(skipped);
      expect(failures).toEqual([]);
      // Two assertions a request (status, schema); a roadmap made by the collection; the SMS codes from the outbox.
      expect(ran.map(([id]) => id)).toEqual(POSTMAN_ORDER.filter((id) => !(skipped as readonly string[]).includes(id)));
      expect(ran.every(([, status]) => status === 200)).toBe(true);
      expect(ran).toHaveLength(requests);
      expect(assertions).toBe(2 * requests);
    },
  );

  it('passes on the mock, with no side request to a sandbox control API it does not have', async () => {
    // Every path the mock is asked for, side requests (pm.sendRequest) included, through a recording proxy.
    const asked: string[] = [];
    const proxy = createServer(async (req, res) => {
      asked.push(req.url ?? '');
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const upstream = await fetch(`${mock.url}${req.url}`, {
        method: req.method,
        headers: req.headers as Record<string, string>,
        body: chunks.length ? Buffer.concat(chunks) : undefined,
      });
      res.writeHead(upstream.status, { 'content-type': 'application/json' }).end(await upstream.text());
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
      const { failures, assertions } = report(await newman(environmentFor('mock', url)));
      expect(failures).toEqual([]);
      expect(assertions).toBe(2 * operations.length);
    } finally {
      proxy.close();
    }
    expect(asked.length).toBeGreaterThanOrEqual(operations.length);
    expect(asked.filter((path) => path.startsWith('/__sandbox/'))).toEqual([]);
  });

  it('fails against a wrong base URL (a trailing slash): every request, by name', async () => {
    const { ran, failures } = report(await newman(environmentFor('sandbox-sms', `${sandbox.url}/`)));
    expect(ran.every(([, status]) => status === 404)).toBe(true);
    expect(failures.length).toBe(ran.length);
    expect(failures[0]).toMatch(/^List records: .*expected 404 to be one of \[ 200 \]/);
  });

  // A wrong host or port: each request fails saying no server answered, not with a TypeError from a script.
  it('fails readably where nothing listens at base_url: every request, by name, saying so', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));
    const { failures } = report(await newman(environmentFor('sandbox', url)));
    // newman's own line for each refused connection, then each request's test, by its name.
    const said = failures.filter((f) => !/connect ECONNREFUSED/.test(f));
    expect(said.length).toBeGreaterThanOrEqual(operations.length);
    const readable = new RegExp(
      `^[A-Z][^:]+: no answer from ${url}/api/v2/\\S* \\(does a server listen at base_url, ${url}\\?\\)`,
    );
    for (const failure of said) expect(failure).toMatch(readable);
  });

  it('fails against a deployment that breaks one documented rule, naming the request and the rule', async () => {
    const broken = await brokenDeployment(sandbox.url);
    try {
      const { failures } = report(await newman(environmentFor('sandbox', broken.url)));
      expect(failures).toHaveLength(1);
      expect(failures[0]).toMatch(/^Get a record: .*test_title/);
    } finally {
      broken.close();
    }
  });
});
