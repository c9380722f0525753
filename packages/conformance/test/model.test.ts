import { readdirSync, readFileSync } from 'node:fs';
import {
  createValidator,
  isAssumed,
  type JsonObject,
  listAssumptions,
  listOperations,
  loadDescription,
  pointerGet,
} from '@tas/openapi';
import { describe, expect, it } from 'vitest';
import { findInterface } from '../scripts/interface.js';
import { LIMITS, STATES, TRANSITIONS, UNSHOWN } from '../src/model/interface.js';
import { createModel, type ModelExchange } from '../src/model/judge.js';
import { listSites } from '../src/negative/sites.js';
import { registry } from '../src/registry.js';
import { responseRules } from '../src/responses/index.js';
import type { Exchange } from '../src/types.js';

const doc = loadDescription();
const assumptions = listAssumptions(doc);
const validator = createValidator(doc);
const operations = listOperations(doc);
const found = findInterface();
const BASE = 'http://deployment.example/api/v2';
const TOKEN = '3f1c2a9e-8b7d-4e61-9a0c-5d2e7f4b1a63';

/** Every sentence of the interface that says what it does not show. */
function notShownSentences(text: string): string[] {
  return text
    .split(/\n+/)
    .flatMap((line) => line.split(/(?<=\.)\s+(?=[A-Z])/))
    .map((s) => s.trim())
    .filter((s) => /: not shown\.$/.test(s));
}

/** An answer of an operation, as traffic would carry it. */
function exchangeOf(method: string, path: string, status: number, body: unknown): Exchange {
  const text = JSON.stringify(body);
  return {
    request: {
      method,
      url: `${BASE}${path.replace(/\{token\}/g, TOKEN)}`,
      headers: {},
      key: 'main',
    } as Exchange['request'],
    response: { status, headers: { 'content-type': 'application/json' }, text, json: body },
  };
}

/** The stated findings every response rule and the model make of an exchange. */
function statedOf(exchange: Exchange, operationId: string): string[] {
  const operation = operations.find((o) => o.operationId === operationId);
  const rules = responseRules.flatMap((rule) =>
    rule
      .verify({ ...exchange, operationId }, { doc, validator, assumptions, operation })
      .filter((f) => !f.assumed)
      .map((f) => `${rule.id}: ${f.message}`),
  );
  const model = createModel()
    .observe(exchange as ModelExchange)
    .map((v) => `model ${v.id}: ${v.message}`);
  return [...rules, ...model];
}

/** Each location in a response example whose schema passes `assumed` (a component pointer), walked with the schema. */
function locationsUnder(schemaPointer: string, value: unknown, assumed: string): string[][] {
  const out: string[][] = [];
  const walk = (pointer: string, node: unknown, at: string[], inside: boolean, depth: number) => {
    if (depth > 12) return;
    const schema = pointerGet(doc, pointer) as JsonObject | undefined;
    if (!schema) return;
    const here = inside || pointer === assumed;
    if (typeof schema.$ref === 'string') return walk(schema.$ref.slice(1), node, at, here, depth + 1);
    for (const combiner of ['allOf', 'oneOf', 'anyOf'] as const)
      if (Array.isArray(schema[combiner]))
        for (let i = 0; i < (schema[combiner] as unknown[]).length; i++)
          walk(`${pointer}/${combiner}/${i}`, node, at, here, depth + 1);
    if (here && at.length) out.push(at);
    if (node && typeof node === 'object' && !Array.isArray(node) && schema.properties)
      for (const [key, child] of Object.entries(node as JsonObject))
        if (key in (schema.properties as JsonObject))
          walk(`${pointer}/properties/${key}`, child, [...at, key], here, depth + 1);
    if (Array.isArray(node) && schema.items && node.length)
      walk(`${pointer}/items`, node[0], [...at, '0'], here, depth + 1);
  };
  walk(schemaPointer, value, [], false, 0);
  return out;
}

function setAt(root: unknown, path: string[], value: unknown): unknown {
  if (!path.length) return value;
  const [head, ...rest] = path as [string, ...string[]];
  const copy = (Array.isArray(root) ? [...root] : { ...(root as JsonObject) }) as JsonObject;
  copy[head] = setAt(copy[head], rest, value);
  return copy;
}

/** The x-assumed schemas of requests only: no answer carries them. */
const REQUEST_ONLY = [
  '/components/schemas/RecordAuthRequest',
  '/components/schemas/SmsCode',
  '/components/schemas/RecordVerifyRequest',
  '/components/schemas/RoadmapVerifyRequest',
  '/components/schemas/AnswerValue/oneOf/1',
];

describe("the interface's model: no stated verdict rests on what the interface does not show", () => {
  if ('path' in found) {
    console.log(`model: checked against the interface document at ${found.path} (${found.from})`);
    const text = readFileSync(found.path, 'utf8');
    it('holds every "not shown" sentence of the interface, and only those', () => {
      expect(UNSHOWN.map((u) => u.quote).sort()).toEqual(notShownSentences(text).sort());
    });
  } else {
    // The fresh-clone check reads this line: a clone without the document says so rather than pass quietly.
    console.log(
      `model: NOT checked against the interface document (${found.missing}); its "not shown" sentences are not compared`,
    );
  }

  const unshown = new Set(UNSHOWN.map((u) => u.quote));
  it('no statement of the model, and no stated claim of any check, quotes a "not shown" sentence', () => {
    const model = [...TRANSITIONS, ...LIMITS, ...Object.values(STATES)].map((s) => s.quote);
    expect(model.filter((q) => unshown.has(q))).toEqual([]);
    const claims = registry(doc, assumptions).claims.filter(
      (c) => c.basis === 'stated' && c.checks.length > 0 && unshown.has(c.quote),
    );
    expect(claims.map((c) => c.id)).toEqual([]);
  });

  it("the checks judge the model's limits through it: each is named by the check that reaches it", () => {
    const dir = new URL('../src/checks/', import.meta.url);
    const sources = readdirSync(dir).map((f) => readFileSync(new URL(f, dir), 'utf8'));
    const unjudged = LIMITS.filter(
      (l) => !sources.some((s) => new RegExp(`expectLimit\\(\\s*ctx,\\s*'${l.id}'`).test(s)),
    );
    expect(unjudged.map((l) => l.id)).toEqual([]);
  });

  it('every x-assumed part of a request: each generated value that breaks only it is assumed', () => {
    const sites = listSites(doc, assumptions).filter((s) => isAssumed(assumptions, s.pointer));
    expect(sites.length).toBeGreaterThan(0);
    expect(sites.filter((s) => !s.assumed).map((s) => `${s.operationId} ${s.name} ${s.kind}`)).toEqual([]);
  });

  // Each x-assumed schema part of an answer, broken in every example answer that carries it: no stated finding.
  const schemaParts = assumptions.filter(
    (a) => a.pointer.startsWith('/components/schemas/') && !a.pointer.includes('/x-'),
  );
  it.each(schemaParts.map((a) => [a.pointer]))(
    '%s broken in the answers that carry it: no stated finding',
    (pointer) => {
      let broken = 0;
      for (const op of operations)
        for (const [status, spec] of Object.entries(op.responses))
          for (const example of Object.values(spec.examples)) {
            if (!spec.schemaPointer) continue;
            // The envelope's own fields are stated of every response ("Every response uses the same envelope").
            for (const at of locationsUnder(spec.schemaPointer, example, pointer).filter(
              (p) => p.length > 1 || p[0] === 'data',
            )) {
              const body = setAt(example, at, { broken: [true] });
              broken++;
              expect(
                statedOf(exchangeOf(op.method.toUpperCase(), op.path, Number(status) || 200, body), op.operationId),
                `${op.operationId} ${status} /${at.join('/')}`,
              ).toEqual([]);
            }
          }
      // A part no answer example carries is a request's (proven above).
      if (!broken) expect(REQUEST_ONLY, `${pointer}: no answer example carries it`).toContain(pointer);
    },
  );

  // Each x-assumed status: another status in its place, with an error body of another shape.
  const statuses = operations.flatMap((op) =>
    Object.entries(op.responses)
      .filter(([status, spec]) => spec.assumed && Number(status) >= 400)
      .map(([status]) => [op.operationId, status] as const),
  );
  it.each(statuses)('%s %s answered as 422 with a body of its own: no stated finding', (operationId, _status) => {
    const op = operations.find((o) => o.operationId === operationId);
    if (!op) throw new Error(operationId);
    // The envelope is stated of every response; what is in it, of an error, is not shown.
    const exchange = exchangeOf(op.method.toUpperCase(), op.path, 422, {
      data: { detail: 'refused', errors: { field: ['bad'] } },
      successful: false,
      messages: [{ reason: 'bad', where: 'field' }],
    });
    expect(statedOf(exchange, operationId)).toEqual([]);
  });
});

describe("the interface's model, fed traffic it did not make", () => {
  const x = (method: string, path: string, status: number, data: unknown) =>
    exchangeOf(method, path, status, { data, successful: status < 400, messages: [] }) as ModelExchange;
  const record = (over: JsonObject) => ({
    token: TOKEN,
    test_id: 'career-interest',
    test_title: 'Career',
    status: 2,
    auth_required: true,
    tests_auth_required: false,
    role: null,
    profile: null,
    create: '2026-01-01T00:00:00Z',
    ...over,
  });

  it('predicts rule 2 after an instant authentication, and says so with both exchanges and the quote', () => {
    const model = createModel();
    expect(model.observe(x('GET', '/record/{token}/', 200, record({})))).toEqual([]);
    const auth = x('POST', '/record/{token}/auth/', 201, { whatever: 'shape' });
    expect(model.observe(auth)).toEqual([]);
    expect(model.stateOf(TOKEN)).toMatchObject({ state: 'authenticated', mode: 'instant', kind: 'standalone' });
    const read = x('GET', '/record/{token}/', 200, record({ auth_required: true }));
    const [verdict, ...more] = model.observe(read);
    expect(more).toEqual([]);
    expect(verdict).toMatchObject({ id: 'auth.instant', exchanges: [auth, read] });
    expect(verdict?.quote).toMatch(/first call authenticates instantly/);
  });

  it('in SMS mode the first call predicts nothing; the verify does', () => {
    const model = createModel();
    model.observe(x('GET', '/record/{token}/', 200, record({ tests_auth_required: true })));
    model.observe(x('POST', '/record/{token}/auth/', 200, {}));
    expect(model.observe(x('GET', '/record/{token}/', 200, record({ tests_auth_required: true })))).toEqual([]);
    model.observe(x('PUT', '/record/{token}/auth/verify/', 200, {}));
    const verdicts = model.observe(x('GET', '/record/{token}/', 200, record({ tests_auth_required: true, status: 0 })));
    expect(verdicts.map((v) => v.id)).toEqual(['auth.sms']);
  });

  it('what it cannot read predicts nothing: an unreadable detail, a refused call, an unknown mode', () => {
    const model = createModel();
    model.observe(x('GET', '/record/{token}/', 200, { record: 'elsewhere' }));
    model.observe(x('POST', '/record/{token}/auth/', 200, {}));
    expect(
      model.observe(x('GET', '/record/{token}/', 200, record({ tests_auth_required: undefined, auth_required: true }))),
    ).toEqual([]);
    const refused = createModel();
    refused.observe(x('GET', '/record/{token}/', 200, record({})));
    refused.observe(x('POST', '/record/{token}/auth/', 422, {}));
    expect(refused.observe(x('GET', '/record/{token}/', 200, record({})))).toEqual([]);
  });

  it("tells a roadmap's mode from its detail, as a record's, so that the profile's statuses per mode apply to it", () => {
    const model = createModel();
    const ROADMAP = '7c1d2e3f-0000-4000-8000-000000000001';
    model.observe(x('GET', `/roadmap/${ROADMAP}/`, 200, { roles: [7], test_records: [], tests_auth_required: true }));
    model.observe(x('GET', '/record/{token}/', 200, record({})));
    expect([model.modeOf(ROADMAP), model.modeOf(TOKEN), model.modeOf('unread')]).toEqual(['sms', 'instant', undefined]);
  });

  it('a roadmap record authenticated at record level, and a roadmap authentication that leaves a record ready', () => {
    const model = createModel();
    const roadmap = { roles: [7], test_records: [TOKEN], tests_auth_required: false };
    model.observe(x('GET', '/roadmap/{token}/', 200, roadmap));
    model.observe(x('GET', '/record/{token}/', 200, record({ role: 7 })));
    expect(model.observe(x('POST', '/record/{token}/auth/', 200, {})).map((v) => v.id)).toEqual(['rule.3']);
    const other = createModel();
    other.observe(x('GET', '/roadmap/{token}/', 200, { ...roadmap, test_records: [{ record_token: TOKEN }] }));
    other.observe(x('POST', '/roadmap/{token}/auth/', 200, { tests_auth_required: false }));
    expect(other.observe(x('GET', '/record/{token}/', 200, record({ role: 7 }))).map((v) => v.id)).toEqual([
      'roadmap.instant',
    ]);
  });
});
