import { startMock } from '@tas/mock';
import { listOperations, loadDescription } from '@tas/openapi';
import { type Sandbox, startSandbox } from '@tas/sandbox';
import { run, type Summary } from 'newman';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertTo30 } from '../src/build/openapi30/convert.js';
import { POSTMAN_ORDER, postmanCollection, postmanEnvironment } from '../src/build/postman.js';

// The Postman collection of the downloads page, run by newman (as the page tells a partner to) with
// each of its environments, against a fresh sandbox and the mock on free ports.
const doc = loadDescription();
const operations = listOperations(doc);
const bySummary = new Map(operations.map((o) => [o.summary, o]));
let collection: Record<string, unknown>;
let sandbox: Sandbox;
let mock: Awaited<ReturnType<typeof startMock>>;

beforeAll(async () => {
  const json = doc as unknown as Record<string, unknown>;
  collection = await postmanCollection(await convertTo30(json), json);
  sandbox = await startSandbox({ port: 0 });
  mock = await startMock({ port: 0 });
});
afterAll(async () => {
  await sandbox?.close();
  await mock?.close();
});

/** The environment the page offers, pointed at this test's server (only base_url differs). */
function environmentFor(name: 'mock' | 'sandbox', url: string) {
  const env = postmanEnvironment(name, doc.info.title) as { values: { key: string; value: string }[] };
  for (const v of env.values) if (v.key === 'base_url') v.value = url;
  return env;
}

function newman(environment: object): Promise<Summary> {
  return new Promise((resolve, reject) =>
    run({ collection, environment, reporters: [], timeoutRequest: 30_000 }, (error, summary) =>
      error ? reject(error) : resolve(summary),
    ),
  );
}

/** Each request: its operation, the status, and whether the reference lists that status for it. */
function answers(summary: Summary) {
  return summary.run.executions.map((e) => {
    const op = bySummary.get(e.item.name);
    const status = e.response?.code ?? 0;
    return { operationId: op?.operationId, status, documented: Boolean(op?.responses[String(status)]) };
  });
}

describe('the Postman collection', () => {
  it('has every operation once, in the order an integration calls them', () => {
    const names = (collection.item as { name: string }[]).map((i) => bySummary.get(i.name)?.operationId);
    expect(names).toEqual(POSTMAN_ORDER.filter((id) => operations.some((o) => o.operationId === id)));
    expect(names.length).toBe(operations.length);
  });

  it('runs in newman against a fresh sandbox: every answer documented, the record journey succeeds', async () => {
    const got = answers(await newman(environmentFor('sandbox', sandbox.url)));
    expect(got.filter((a) => !a.documented || a.status >= 500)).toEqual([]);
    // The listing's script hands a ready record to the calls after it: a whole instant-mode journey.
    const ok = got.filter((a) => a.status === 200).map((a) => a.operationId);
    expect(ok).toEqual(
      expect.arrayContaining([
        'listRecords',
        'getRecord',
        'authenticateRecord',
        'getQuestions',
        'submitAnswers',
        'getResult',
      ]),
    );
  });

  it('reaches the roadmap calls once roadmap_token is set, as the page says', async () => {
    const key = { 'API-KEY': 'sandbox-key-instant' };
    await fetch(`${sandbox.url}/__sandbox/reset/`, { method: 'POST', headers: key });
    const created = await fetch(`${sandbox.url}/__sandbox/roadmaps/`, { method: 'POST', headers: key });
    const roadmap = ((await created.json()) as { data: { token: string } }).data.token;
    const environment = environmentFor('sandbox', sandbox.url);
    environment.values.push({ key: 'roadmap_token', value: roadmap });
    const got = answers(await newman(environment));
    expect(got.filter((a) => !a.documented || a.status >= 500)).toEqual([]);
    const roadmapCalls = got.filter((a) => a.operationId?.includes('Roadmap'));
    expect(roadmapCalls.map((a) => [a.operationId, a.status])).toEqual([
      ['getRoadmap', 200],
      ['authenticateRoadmap', 200],
      // Instant mode: authenticated at once, so there is nothing to verify (409, documented).
      ['verifyRoadmapAuth', 409],
    ]);
  });

  it('runs in newman against the mock: every answer documented, none 5xx', async () => {
    const got = answers(await newman(environmentFor('mock', mock.url)));
    expect(got.filter((a) => !a.documented || a.status >= 500)).toEqual([]);
    expect(got.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(operations.length - 2);
  });
});
