import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listOperations, loadDescription } from '@tas/openapi';
import { describe, expect, it } from 'vitest';
import { ADDED_SOURCE, policyOf, sha256, withPagePolicy } from '../src/builder/page-policy.js';
import { connectSources, tryitConfig } from '../src/builder/tryit.js';
import { siteAddresses } from '../src/guide/addresses.js';
import { CONTENT_SECURITY_POLICY } from '../src/serve/encoded.js';
import { serveDocs } from '../src/serve.js';
import { POLICY_KEY } from '../src/tryit/added.js';
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

  it("walks each workflow's steps marked x-tryit, titled as the guide titles them unless Try it says otherwise", () => {
    expect(
      Object.fromEntries(Object.entries(config.walks).map(([id, steps]) => [id, steps.map((s) => s.title)])),
    ).toMatchObject({
      'record-journey-sms': [
        'Get a ready record',
        'Start the authentication',
        'Read the code from the sandbox outbox',
        'Verify the code',
      ],
      'roadmap-journey-sms': [
        'Get a roadmap',
        'Read the roadmap',
        'Authenticate every role',
        'Read the code from the sandbox outbox',
        'Verify the code with the draft token',
      ],
    });
    for (const step of Object.values(config.walks).flat()) expect(step.text).not.toBe('');
  });

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

describe("every page's policy: its inline scripts by hash, no eval; the docs server sends the page's own", () => {
  const page = `<!doctype html><html><head>\n<meta charset="utf-8"><script>var a=1</script></head><body><script type="module">import "./x.js";</script><script src="assets/y.js"></script></body></html>`;
  const built = withPagePolicy(page, ['https://sandbox.tas.example']);
  const policy = policyOf(built) ?? '';

  it("allows exactly the page's inline scripts (the policy script first among them), nothing evaluated", () => {
    expect(built.indexOf('<meta http-equiv="Content-Security-Policy"')).toBe(built.indexOf('<head>') + 7);
    expect(built.indexOf('<script data-tas-policy>')).toBeLessThan(built.indexOf('<meta charset'));
    const inline = [...built.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) =>
      sha256(m[1] ?? ''),
    );
    expect(inline).toHaveLength(3);
    expect(/script-src ([^;]*)/.exec(policy)?.[1]).toBe(`'self' ${inline.join(' ')}`);
    expect(policy).not.toMatch(/unsafe-eval|unsafe-hashes/);
    // Made again (a script added after), one policy and one policy script, with the new hash.
    const again = withPagePolicy(built.replace('var a=1', 'var a=2'), []);
    expect(again.match(/<meta http-equiv="Content-Security-Policy"/g)).toHaveLength(1);
    expect(again.match(/data-tas-policy/g)).toHaveLength(1);
    expect(policyOf(again)).toContain(sha256('var a=2'));
    expect(policyOf(again)).not.toContain(sha256('var a=1'));
  });

  it('refuses a page with an inline event handler (the policy would refuse to run it)', () => {
    expect(() => withPagePolicy('<html><head></head><body><a href="#" onclick="go()">x</a></body></html>', [])).toThrow(
      /inline event handler.*onclick/,
    );
  });

  it("the policy script names the build's targets and this machine's, and takes only addresses", () => {
    expect(built).toContain(`["'self'","https://sandbox.tas.example","http://localhost:*","http://127.0.0.1:*"]`);
    expect(built).toContain(`localStorage.getItem("${POLICY_KEY}")`);
  });

  it.each([
    ['http://192.168.1.50:4020', true],
    ['https://partners.example.org/tas/sandbox/', true],
    ["http://x.example 'unsafe-eval'", false],
    ['http://x.example; script-src *', false],
    ['javascript:alert(1)', false],
  ])('an added source %j is taken: %s', (source, taken) => expect(ADDED_SOURCE.test(source)).toBe(taken));

  it("the docs server sends the page's policy, and frame-ancestors; a page changed is sent its new one", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tas-docs-policy-'));
    writeFileSync(join(dir, 'index.html'), built);
    writeFileSync(join(dir, 'plain.html'), '<!doctype html><title>x</title>');
    const server = await serveDocs({ dir, port: 0 });
    try {
      const header = async (file: string) =>
        (await fetch(`${server.url}/${file}`)).headers.get('content-security-policy');
      expect(await header('index.html')).toBe(`${policy}; frame-ancestors 'none'`);
      expect(await header('plain.html')).toBe(CONTENT_SECURITY_POLICY);
      expect(CONTENT_SECURITY_POLICY).toMatch(/script-src 'self'; /);
      const changed = withPagePolicy(built.replace('var a=1', 'var a=22'), []);
      writeFileSync(join(dir, 'index.html'), changed);
      utimesSync(join(dir, 'index.html'), new Date(), new Date(Date.now() + 5000));
      expect(await header('index.html')).toBe(`${policyOf(changed)}; frame-ancestors 'none'`);
    } finally {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
