import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listOperations, loadDescription } from '@tas/openapi';
import { describe, expect, it } from 'vitest';
import { connectSources, tryitConfig } from '../src/builder/tryit.js';
import { siteAddresses } from '../src/guide/addresses.js';
import { CONTENT_SECURITY_POLICY } from '../src/serve/encoded.js';
import { serveDocs } from '../src/serve.js';
import { asClient, asCurl, jsonPath, outgoing } from '../src/tryit/request.js';

const doc = loadDescription();

describe("Try it's build data: derived from the description and the addresses", () => {
  const config = tryitConfig(doc, siteAddresses());

  it.each(listOperations(doc).map((op) => [op.operationId, op] as const))(
    '%s: prefilled from its examples',
    (id, op) => {
      const prefill = config.operations[id];
      expect(prefill?.method).toBe(op.method);
      expect(prefill?.path).toBe(op.path);
      // A request body is one of the operation's named examples, as the description has it.
      if (op.requestBody) expect(Object.values(op.requestBody.examples)).toContainEqual(prefill?.body);
      else expect(prefill?.body).toBeUndefined();
      for (const p of op.parameters.filter((p) => p.in === 'path'))
        expect(prefill?.path_params[p.name]).toMatch(/^[0-9a-f-]{36}$/);
    },
  );

  it.each([
    [{}, ['local-sandbox', 'local-mock'], []],
    [
      { sandbox: 'https://sandbox.tas.example/', mock: 'https://mock.tas.example' },
      ['sandbox', 'mock', 'local-sandbox', 'local-mock'],
      ['https://sandbox.tas.example', 'https://mock.tas.example'],
    ],
    [{ mock: 'https://m.example:8443/tas' }, ['mock', 'local-sandbox', 'local-mock'], ['https://m.example:8443/tas/']],
  ])('hosted %j: targets %j, connect-src %j', (hosted, targets, connect) => {
    const addresses = siteAddresses(hosted);
    expect(tryitConfig(doc, addresses).targets.map((t) => t.id)).toEqual(targets);
    expect(connectSources(addresses)).toEqual(connect);
  });
});

describe('what the panel sends and copies', () => {
  const op = { method: 'post', path: '/record/{token}/auth/' };
  const parts = { path_params: { token: 'a b' }, query: { status: 2, empty: '' }, body: { mobile: '09121234567' } };
  const sent = outgoing('http://localhost:4020/', '/api/v2', op, parts);

  it('builds the URL from the target, the prefix, the path parameters and the query', () => {
    expect(sent).toEqual({
      target: 'http://localhost:4020',
      method: 'POST',
      url: 'http://localhost:4020/api/v2/record/a%20b/auth/?status=2',
      body: '{"mobile":"09121234567"}',
    });
    expect(() => outgoing('http://x', '/api/v2', op, { ...parts, path_params: { token: '' } })).toThrow(
      /"token" is empty/,
    );
  });

  it('copies curl and client code for exactly that, the key kept out', () => {
    expect(asCurl(sent)).toBe(
      `# API_KEY: the key you chose (kept out of this text)\ncurl -sS -X POST 'http://localhost:4020/api/v2/record/a%20b/auth/?status=2' \\\n  -H "API-KEY: $API_KEY" \\\n  -H 'Content-Type: application/json' \\\n  --data '{"mobile":"09121234567"}'`,
    );
    const client = asClient(sent, 'authenticateRecord', parts);
    expect(client).toContain(`baseUrl: 'http://localhost:4020'`);
    expect(client).toContain(
      `tas.call('authenticateRecord', {\n  path: { token: "a b" },\n  query: { status: 2 },\n  body: {\n    mobile: "09121234567"\n  },\n})`,
    );
  });

  it.each([
    [undefined, '$'],
    ['', '$'],
    ['/data/status', '$.data.status'],
    ['/data/results/0/token', '$.data.results[0].token'],
    ['/data/a~1b', '$.data["a/b"]'],
  ])('the JSON pointer %j reads as %s', (pointer, path) => expect(jsonPath(pointer)).toBe(path));
});

describe("the docs server's policy names the served site's targets", () => {
  it.each([
    [undefined, CONTENT_SECURITY_POLICY],
    [
      ['https://sandbox.tas.example'],
      CONTENT_SECURITY_POLICY.replace("connect-src 'self'", "connect-src 'self' https://sandbox.tas.example"),
    ],
  ])('tryit.json connect %j', async (connect, policy) => {
    const dir = mkdtempSync(join(tmpdir(), 'tas-docs-policy-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>x</title>');
    if (connect) writeFileSync(join(dir, 'tryit.json'), JSON.stringify({ connect }));
    const server = await serveDocs({ dir, port: 0 });
    try {
      const answer = await fetch(`${server.url}/`);
      expect(answer.headers.get('content-security-policy')).toBe(policy);
      expect(policy).toContain('http://localhost:* http://127.0.0.1:*');
    } finally {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
