// Issue 43 item 4, as the attacks were made: the README's hosting guide as written for more partners
// than one process holds. Debian's nginx in front of two sandbox processes on loopback, spreading keys
// by `hash $http_api_key` (each key issued with --shard onto the process nginx sends it to), passing
// exactly /api/v2/, /media/ and the forms of each process, with per-client limits; the sandboxes
// trust it for the client's address. Through it: dripping connections from five addresses, a hostile
// key's bodies and calls, a keyless client spending its budget; meanwhile the other partners and a
// fresh client are served, and the control API is not reachable.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_CONNECTIONS_PER_CLIENT } from '@tas/serve';
import { residentBytes } from '@tas/serve/flood';
import { launch, launchReady, type Running, run, tsxCommand, waitForPort } from '@tas/serve/testing';
import { afterAll, expect, it } from 'vitest';
import { client } from './helpers.js';

const cli = new URL('../src/cli.ts', import.meta.url).pathname;
const README = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
/** The proxy's port (this test's own range, 5100-5299). */
const PROXY = 5180;
const ATTACK_MS = 6_000;
const dir = mkdtempSync(join(tmpdir(), 'tas-sandbox-nginx-'));
const running: Running[] = [];
afterAll(async () => {
  for (const r of running.reverse()) await r.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** The README's nginx configuration, its ports and folder filled in. */
function nginxConf(ports: number[]): string {
  const block = /```nginx\n([\s\S]*?)```/.exec(README)?.[1];
  if (!block) throw new Error('README.md has no nginx block');
  const server = block
    .replace(/listen 443 ssl;/, `listen 127.0.0.1:${PROXY};`)
    .replace(/^\s*ssl_\w+ .*\n/gm, '')
    .replace(/127\.0\.0\.1:4021/g, `127.0.0.1:${ports[0]}`)
    .replace(/127\.0\.0\.1:4022/g, `127.0.0.1:${ports[1]}`);
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((t) => `${t}_temp_path ${join(dir, t)};`)
    .join('\n  ');
  return `${process.getuid?.() === 0 ? 'user root;\n' : ''}daemon off;
worker_processes 1;
pid ${join(dir, 'nginx.pid')};
error_log stderr;
events { worker_connections 4096; }
http {
  access_log off;
  ${temp}
${server}
}
`;
}

/** A connection from `from` that trickles a header a byte at a time until it is closed. */
function trickle(from: string): Socket {
  const socket: Socket = connect({ host: '127.0.0.1', port: PROXY, localAddress: from }, () =>
    socket.write('GET /api/v2/record/ HTTP/1.1\r\nHost: x\r\nX-Slow: '),
  );
  const timer = setInterval(() => socket.writable && socket.write('a'), 1000);
  socket.on('error', () => {});
  socket.on('close', () => clearInterval(timer));
  return socket;
}

/** Calls `call` every `everyMs` until `until`; the statuses answered (0: no answer). */
async function paced(until: number, everyMs: number, call: () => Promise<number>): Promise<number[]> {
  const statuses: number[] = [];
  while (Date.now() < until) {
    const next = Date.now() + everyMs;
    statuses.push(await call().catch(() => 0));
    await new Promise((r) => setTimeout(r, Math.max(0, next - Date.now())));
  }
  return statuses;
}

/** A request through the proxy from `from` (another loopback address is another client); its status. */
function requestFrom(
  from: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body = '',
): Promise<number> {
  return new Promise((resolve) => {
    const extra = Object.entries({ ...headers, ...(body ? { 'Content-Length': String(Buffer.byteLength(body)) } : {}) })
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('');
    const socket = connect({ host: '127.0.0.1', port: PROXY, localAddress: from }, () =>
      socket.write(`${method} ${path} HTTP/1.1\r\nHost: x\r\n${extra}Connection: close\r\n\r\n${body}`),
    );
    let head = '';
    socket.on('data', (chunk: Buffer) => {
      if (head.length < 16) head += chunk.toString('latin1', 0, 16);
    });
    socket.on('error', () => {});
    socket.on('close', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0)));
  });
}

it('nginx in front of two sandbox processes: keys spread by hash, partners served through the attacks', async () => {
  const nginx = (() => {
    try {
      return execFileSync('sh', ['-c', 'command -v nginx || ls /usr/sbin/nginx'], { encoding: 'utf8' }).trim();
    } catch {
      throw new Error("Debian's nginx is not installed: apt-get install -y nginx (.ci/run installs it)");
    }
  })();
  const hostKey = 'host-key-of-the-nginx-test';
  writeFileSync(join(dir, 'keys.env'), `SANDBOX_HOST_KEY=${hostKey}\n`, { mode: 0o600 });
  const shards = [1, 2].map((n) => join(dir, `sandbox-${n}.db`));
  // Each partner's key issued onto the process nginx will send it to.
  const issue = async (shard: 1 | 2, label: string) => {
    const ran = await run(
      tsxCommand(cli, [
        'keys',
        'issue',
        '--db',
        shards[shard - 1] as string,
        '--shard',
        `${shard}/2`,
        '--label',
        label,
        '--mode',
        'instant',
      ]),
    );
    expect(ran.code, ran.stderr).toBe(0);
    return ran.stdout.trim();
  };
  const [quietA, quietB, hostile] = [await issue(1, 'A'), await issue(2, 'B'), await issue(1, 'Mallory')];
  const ports: number[] = [];
  for (const [i, db] of shards.entries()) {
    const sandbox = await launchReady(
      tsxCommand(cli, [
        '--port',
        '0',
        '--quiet',
        '--db',
        db,
        '--key-file',
        join(dir, 'keys.env'),
        '--public-url',
        `http://127.0.0.1:${PROXY}/s${i + 1}`,
        '--trust-proxy',
        '127.0.0.1',
      ]),
      /listening on http:\/\/127\.0\.0\.1:(\d+)/,
    );
    running.push(sandbox);
    ports.push(Number(sandbox.ready[1]));
  }
  writeFileSync(join(dir, 'nginx.conf'), nginxConf(ports));
  const proxy = launch([nginx, '-p', dir, '-c', join(dir, 'nginx.conf'), '-e', 'stderr']);
  running.push(proxy);
  await waitForPort(PROXY, '127.0.0.1');
  const url = `http://127.0.0.1:${PROXY}`;

  // Each key reaches its own process's data; the control API is not passed.
  const [a, b, mallory] = [client(url, quietA), client(url, quietB), client(url, hostile)];
  for (const partner of [a, b, mallory]) expect((await partner.get('/api/v2/record/')).status).toBe(200);
  for (const [key, path] of [
    [hostKey, '/__sandbox/keys/'],
    [quietA, '/__sandbox/roadmaps/'],
  ])
    expect((await fetch(`${url}${path}`, { headers: { 'API-KEY': key as string } })).status).toBe(404);

  const until = Date.now() + ATTACK_MS;
  // Five addresses, each as many dripping connections as the sandbox lets one address hold.
  const drips = ['127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5', '127.0.0.6'].flatMap((from) =>
    Array.from({ length: MAX_CONNECTIONS_PER_CLIENT }, () => trickle(from)),
  );
  // The freezing body of issue 43 item 1 at the byte bound: an answer array of nulls, now refused at its first fault.
  const body = JSON.stringify({ record: Array(Math.floor((1024 * 1024 - 64) / 5)).fill(null) });
  const attacks = Promise.all([
    // The hostile key: bodies near the limit, from eight addresses at once, and calls past its rate limit.
    ...Array.from({ length: 8 }, (_, i) =>
      paced(until, 0, () =>
        requestFrom(
          `127.0.0.${10 + i}`,
          'POST',
          `/api/v2/record/00000000-0000-4000-8000-00000000000${i}/`,
          { 'API-KEY': hostile, 'Content-Type': 'application/json' },
          body,
        ),
      ),
    ),
    // A keyless client spending its budget on media, ten at a time, past a minute's worth on each process (nginx spreads keyless requests round-robin).
    (async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 26; i++)
        statuses.push(
          ...(await Promise.all(
            Array.from({ length: 10 }, () => requestFrom('127.0.0.7', 'GET', '/media/options/201.png')),
          )),
        );
      return statuses;
    })(),
  ]);
  const [servedA, servedB, fresh] = await Promise.all([
    paced(until, 250, () => a.get('/api/v2/record/').then((r) => r.status)),
    paced(until, 250, () => b.get('/api/v2/record/').then((r) => r.status)),
    paced(until, 500, () => requestFrom('127.0.0.9', 'GET', '/media/options/201.png')),
  ]);
  const [...hostileStatuses] = await attacks;
  for (const s of drips) s.destroy();
  const greedy = hostileStatuses.pop() as number[];

  expect(servedA.length).toBeGreaterThan(0);
  expect([...new Set(servedA)]).toEqual([200]);
  expect([...new Set(servedB)]).toEqual([200]);
  // A fresh client is served; the greedy one was held to its own budget (the sandbox's, or the proxy's).
  expect([...new Set(fresh)]).toEqual([200]);
  expect(greedy).toContain(429);
  // The hostile key's bodies were answered (refused, or past its rate limit), none left hanging.
  expect(hostileStatuses.flat().every((s) => s >= 400 && s < 500)).toBe(true);
  const memory = await Promise.all(running.slice(0, 2).map((r) => residentBytes(r.child.pid as number)));
  console.log(
    `nginx test: sandboxes at ${memory.map((m) => Math.round(m / 2 ** 20)).join(' and ')} MB after the attacks`,
  );
});
