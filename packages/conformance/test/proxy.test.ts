// `tas-conformance proxy` as traffic meets it: what it forwards, what it answers itself, what it
// remembers, and the CLI from the outside (a child process stopped by a signal or --until).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSandbox } from '@tas/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createModel } from '../src/model/judge.js';
import { startProxy } from '../src/proxy/session.js';
import { described } from './described-once.js';
import { MAIN_KEY } from './faults/faults.js';
import { startFaultProxy } from './faults/proxy.js';

const { doc } = described;
const bin = fileURLToPath(new URL('../bin/tas-conformance.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'tas-proxy-'));

/** An upstream that echoes what it got; `/stream/` sends a first chunk and ends only when told. */
async function echoServer() {
  let release: () => void = () => {};
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.url === '/stream/') {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.write('first ');
        release = () => res.end('last');
        return;
      }
      const body = Buffer.concat(chunks).toString('utf8');
      res.setHeader('set-cookie', ['a=1', 'b=2']);
      res.writeHead(207, 'Echoed', { 'content-type': 'application/json', 'x-upstream': 'yes', 'keep-alive': 'x' });
      res.end(JSON.stringify({ method: req.method, url: req.url, headers: req.headers, body }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    release: () => release(),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** A raw request through node:http, so that nothing adds or drops a header on the client side. */
function send(url: string, o: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new Promise<{ status: number; message: string; headers: Record<string, unknown>; text: string }>(
    (resolve, reject) => {
      const req = request(url, { method: o.method ?? 'GET', headers: o.headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            message: res.statusMessage ?? '',
            headers: res.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      });
      req.on('error', reject);
      req.end(o.body);
    },
  );
}

let echo: Awaited<ReturnType<typeof echoServer>>;
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  [echo, sandbox] = await Promise.all([echoServer(), startSandbox({ port: 0, rateLimit: false })]);
});
afterAll(async () => {
  await Promise.all([echo?.close(), sandbox?.close()]);
});

describe('what it forwards', () => {
  it("passes method, path, query, headers and body unchanged, Host set to the upstream's, hop-by-hop headers dropped", async () => {
    const proxy = await startProxy({ upstream: echo.url, doc });
    try {
      const body = JSON.stringify({ a: 'ü', b: [1, 2] });
      const got = await send(`${proxy.url}/api/v2/record/abc/auth/?x=1&x=2&y=%20`, {
        method: 'PATCH',
        headers: {
          'content-type': 'application/json',
          'x-partner': 'p1',
          'proxy-authorization': 'secret',
          te: 'trailers',
        },
        body,
      });
      const seen = JSON.parse(got.text);
      expect({ method: seen.method, url: seen.url, body: seen.body }).toEqual({
        method: 'PATCH',
        url: '/api/v2/record/abc/auth/?x=1&x=2&y=%20',
        body,
      });
      expect(seen.headers).toMatchObject({ host: echo.host, 'x-partner': 'p1', 'content-type': 'application/json' });
      expect(seen.headers['proxy-authorization']).toBeUndefined();
      expect(seen.headers.te).toBeUndefined();
      // The answer: status, reason phrase, end-to-end headers (both cookies), not the upstream's keep-alive.
      expect({ status: got.status, message: got.message }).toEqual({ status: 207, message: 'Echoed' });
      expect(got.headers['x-upstream']).toBe('yes');
      expect(got.headers['set-cookie']).toEqual(['a=1', 'b=2']);
      // Its own connection's Keep-Alive, if any: the upstream's is hop-by-hop.
      expect(got.headers['keep-alive']).not.toBe('x');
    } finally {
      await proxy.stop();
    }
  });

  it("streams: the answer's first chunk reaches the client before the upstream has ended it", async () => {
    const proxy = await startProxy({ upstream: echo.url, doc });
    try {
      const text = await new Promise<string>((resolve, reject) => {
        request(`${proxy.url}/stream/`, (res) => {
          let all = '';
          res.on('data', (c: Buffer) => {
            all += c.toString();
            // Only once the first chunk is here does the upstream end the answer.
            if (all === 'first ') echo.release();
          });
          res.on('end', () => resolve(all));
        })
          .on('error', reject)
          .end();
      });
      expect(text).toBe('first last');
    } finally {
      await proxy.stop();
    }
  });

  it('a body past --max-body passes whole, unjudged and counted', async () => {
    const proxy = await startProxy({ upstream: sandbox.url, doc, maxBody: 64 });
    const got = await send(`${proxy.url}/api/v2/record/?page_size=3`, { headers: { 'API-KEY': MAIN_KEY } });
    const result = await proxy.stop();
    expect(got.status).toBe(200);
    expect(got.text.length).toBeGreaterThan(64);
    expect(JSON.parse(got.text).successful).toBe(true);
    expect(result.proxy).toMatchObject({ exchanges: 1, oversize: 1, judged: 0 });
    expect(result.aborted).toMatch(/nothing could be judged/);
  });

  it("an upstream that refuses: the client gets a 502 in the API's envelope, an upstream failure, never a verdict", async () => {
    const closed = await echoServer();
    await closed.close();
    const lines: string[] = [];
    const proxy = await startProxy({ upstream: closed.url, doc, onLine: (l) => lines.push(l) });
    const got = await send(`${proxy.url}/api/v2/record/`, { headers: { 'API-KEY': MAIN_KEY } });
    const result = await proxy.stop();
    expect(got.status).toBe(502);
    expect(JSON.parse(got.text)).toMatchObject({ successful: false, messages: [{ code: 'upstream_unavailable' }] });
    expect(lines.join('\n')).toMatch(/^UPSTREAM {2}GET \/api\/v2\/record\/: .*ECONNREFUSED.*not a verdict/m);
    expect(result.proxy.upstreamFailures).toBe(1);
    expect(result.findings).toEqual({ stated: 0, assumed: 0 });
    expect(result.aborted).toMatch(/the upstream never answered: 1 requests failed/);
  });

  // The race of a busy machine: the upstream's idle time-out closes a kept-alive connection just as the proxy
  // reuses it (a C# sample once got a 502 this way, its submission lost).
  it('an upstream that closes a kept-alive connection as the next request takes it: that request sent again, whole', async () => {
    const served = new WeakSet<object>();
    const bodies: string[] = [];
    const closing = createServer((req, res) => {
      if (served.has(req.socket)) return req.socket.destroy();
      served.add(req.socket);
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => res.end(JSON.stringify({ body: bodies[bodies.push(Buffer.concat(chunks).toString()) - 1] })));
    });
    await new Promise<void>((resolve) => closing.listen(0, '127.0.0.1', resolve));
    const proxy = await startProxy({ upstream: `http://127.0.0.1:${(closing.address() as AddressInfo).port}`, doc });
    const got = [];
    for (const body of ['{"a":1}', '{"b":2}']) got.push(await send(`${proxy.url}/x`, { method: 'POST', body }));
    const result = await proxy.stop();
    closing.close();
    expect(got.map((g) => [g.status, g.text])).toEqual([
      [200, '{"body":"{\\"a\\":1}"}'],
      [200, '{"body":"{\\"b\\":2}"}'],
    ]);
    expect(result.proxy.upstreamFailures).toBe(0);
  });

  it('an upstream that stays silent past --timeout: a 502, reported as the upstream failing', async () => {
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const proxy = await startProxy({
      upstream: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`,
      doc,
      timeoutSeconds: 0.2,
    });
    const got = await send(`${proxy.url}/api/v2/record/`);
    const result = await proxy.stop();
    silent.closeAllConnections();
    silent.close();
    expect(got.status).toBe(502);
    expect(result.proxy.firstFailures[0]?.error).toMatch(/no answer within 0.2 s/);
  });
});

describe('answers held against earlier answers', () => {
  it('a record whose test_title changes between two reads: a stated failure at once, both exchanges as curl lines, the key as $TAS_API_KEY', async () => {
    // A deployment that renames the record's test on every read after the first.
    const reads = new Map<string, number>();
    const renaming = await startFaultProxy(sandbox.url, {
      response: (req, res) => {
        if (req.method !== 'GET' || !/^\/api\/v2\/record\/[^/]+\/$/.test(req.path)) return res;
        const n = (reads.get(req.path) ?? 0) + 1;
        reads.set(req.path, n);
        if (n === 1) return res;
        const body = JSON.parse(res.body);
        body.data.test_title = `${body.data.test_title} (renamed)`;
        return { ...res, body: JSON.stringify(body) };
      },
    });
    const lines: string[] = [];
    const proxy = await startProxy({ upstream: renaming.url, doc, onLine: (l) => lines.push(l) });
    try {
      const listing = await send(`${proxy.url}/api/v2/record/?page_size=1`, { headers: { 'API-KEY': MAIN_KEY } });
      const token = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/.exec(listing.text)?.[0];
      await send(`${proxy.url}/api/v2/record/${token}/`, { headers: { 'API-KEY': MAIN_KEY } });
      expect(lines).toEqual([]);
      const last = await send(`${proxy.url}/api/v2/record/${token}/`, { headers: { 'API-KEY': MAIN_KEY } });
      expect(JSON.parse(last.text).data.test_title).toMatch(/\(renamed\)$/);
    } finally {
      const result = await proxy.stop();
      await renaming.close();
      expect(result.conforms).toBe(false);
    }
    const text = lines.join('\n');
    expect(text).toMatch(/^FAIL {2}getRecord {2}GET \/api\/v2\/record\/[^ ]+\/ answered 200$/m);
    expect(text).toMatch(/stated \[model\.identity\.test_title\] the record's test_title changed between two reads/);
    expect(text).toMatch(/ {8}before: curl -i -X GET '[^']+' -H "API-KEY: \$TAS_API_KEY"/);
    expect(text).toMatch(/ {8}repro: curl -i -X GET '[^']+' -H "API-KEY: \$TAS_API_KEY"/);
    expect(text).toMatch(/ {8}quote: "/);
    expect(text).not.toContain(MAIN_KEY);
  });
});

describe("the model's memory", () => {
  it('remembers at most `remember` records: the least recently seen is forgotten first', () => {
    const model = createModel({ remember: 2 });
    const read = (token: string) =>
      model.observe({
        request: { method: 'GET', url: `http://h/api/v2/record/${token}/` },
        response: { status: 200, text: JSON.stringify({ data: { status: 2, auth_required: true, role: null } }) },
      });
    read('a');
    read('b');
    read('a');
    read('c');
    expect(model.size().records).toBe(2);
    expect(model.stateOf('b')).toBeUndefined();
    expect(model.stateOf('a')?.state).toBe('ready');
    expect(model.stateOf('c')?.state).toBe('ready');
  });
});

/** The CLI as a child process; resolves once it exits, `onOut` told everything it prints as it comes. */
function cli(
  args: string[],
  onOut: (out: string, child: ReturnType<typeof spawn>) => void = () => {},
  env: Record<string, string> = {},
) {
  return new Promise<{ code: number | null; out: string; err: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [bin, 'proxy', ...args], {
      env: { ...process.env, TAS_API_KEY: '', ...env },
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (c) => {
      out += c;
      onOut(out, child);
    });
    child.stderr.on('data', (c) => {
      err += c;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

const listening = (out: string) => /listening on (http:\/\/\S+),/.exec(out)?.[1];

describe('the CLI', () => {
  it('--help states the bounds: body size, records remembered', async () => {
    const { code, out } = await cli(['--help']);
    expect(code).toBe(0);
    expect(out).toMatch(/--max-body BYTES .*default 1048576/);
    expect(out).toMatch(/--remember N .*default 10000/);
  });

  it('without --upstream: one line, exit 2', async () => {
    const { code, err } = await cli([]);
    expect({ code, err }).toEqual({
      code: 2,
      err: 'tas-conformance: --upstream URL is required (http:// or https://): the deployment to forward to\n',
    });
  });

  it('stopped by SIGTERM: the summary, the three reports with every operation, exit 0, the key never written', async () => {
    const json = join(dir, 'proxy.json');
    const junit = join(dir, 'proxy.xml');
    const html = join(dir, 'proxy.html');
    let sent = false;
    const ran = await cli(
      ['--upstream', sandbox.url, '--json', json, '--junit', junit, '--html', html],
      (out, child) => {
        const url = listening(out);
        if (!url || sent) return;
        sent = true;
        void (async () => {
          for (const path of ['/api/v2/record/?page_size=2', '/api/v2/record/00000000-0000-4000-8000-000000000000/'])
            await send(`${url}${path}`, { headers: { 'API-KEY': MAIN_KEY } });
          child.kill('SIGTERM');
        })();
      },
    );
    expect(ran.err).toBe('');
    expect(ran.code).toBe(0);
    expect(ran.out).toMatch(/stopping: SIGTERM received/);
    expect(ran.out).toMatch(/2 exchanges passed to .*: 2 judged/);
    const report = JSON.parse(readFileSync(json, 'utf8'));
    expect(report.exitCode).toBe(0);
    const listRecords = report.results.find((r: { id: string }) => r.id === 'listRecords');
    expect(listRecords).toMatchObject({ outcome: 'pass', requests: 1 });
    const never = report.results.filter((r: { reason?: string }) => r.reason?.startsWith('never exercised'));
    expect(never.length).toBe(report.results.length - 2);
    expect(readFileSync(junit, 'utf8')).toMatch(/<testcase classname="contract" name="getRecord"/);
    for (const text of [ran.out, readFileSync(json, 'utf8'), readFileSync(junit, 'utf8'), readFileSync(html, 'utf8')])
      expect(text).not.toContain(MAIN_KEY);
  });

  it('--until N stops after N exchanges; nothing of the interface passed: exit 2, saying so', async () => {
    let sent = false;
    const ran = await cli(['--upstream', echo.url, '--until', '1'], (out) => {
      const url = listening(out);
      if (url && !sent) void send(`${url}/elsewhere/`);
      sent ||= Boolean(url);
    });
    expect(ran.code).toBe(2);
    expect(ran.out).toMatch(/stopping: 1 exchanges passed/);
    expect(ran.err).toMatch(/nothing could be judged: 1 exchanges passed, 0 past the body limit, 1 not an operation/);
  });

  it('--for SECONDS stops it once they passed; no exchange: exit 2, saying so', async () => {
    const ran = await cli(['--upstream', echo.url, '--for', '1']);
    expect(ran.code).toBe(2);
    expect(ran.out).toMatch(/stopping: 1 s passed/);
    expect(ran.err).toMatch(/nothing could be judged: 0 exchanges passed/);
  });

  it('an HTTPS upstream, its certificate trusted as Node trusts any (NODE_EXTRA_CA_CERTS): forwarded over TLS', async () => {
    const pem = (name: string) => join(dir, name);
    const made = spawnSync('openssl', [
      ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1'],
      ...['-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', pem('key.pem'), '-out', pem('cert.pem')],
    ]);
    expect(made.status, String(made.stderr)).toBe(0);
    const tls = createHttpsServer(
      { key: readFileSync(pem('key.pem')), cert: readFileSync(pem('cert.pem')) },
      (req, res) =>
        res
          .writeHead(200, { 'content-type': 'text/plain' })
          .end(`over TLS: ${req.method} ${req.url} ${req.headers.host}`),
    );
    await new Promise<void>((resolve) => tls.listen(0, '127.0.0.1', resolve));
    const port = (tls.address() as AddressInfo).port;
    let asked: Promise<string> | undefined;
    const ran = await cli(
      ['--upstream', `https://127.0.0.1:${port}`, '--until', '1'],
      (out) => {
        const url = listening(out);
        if (url && !asked) asked = send(`${url}/elsewhere/?q=1`).then((r) => r.text);
      },
      { NODE_EXTRA_CA_CERTS: pem('cert.pem') },
    );
    tls.close();
    expect(ran.out).not.toMatch(/UPSTREAM/);
    expect(await asked).toBe(`over TLS: GET /elsewhere/?q=1 127.0.0.1:${port}`);
  });
});
