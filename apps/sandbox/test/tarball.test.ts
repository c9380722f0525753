// Issue 38, as the attack was made: the sandbox started from its packed tarball in an empty folder,
// by the README's hosting lines as written (its own keys in a file, a partner key issued on its
// --db file, the default limits; the server on a free port), several
// partner keys, one of them hostile (keyed and keyless, and churning connections from one address).
// Meanwhile the other partners are served, none reads or changes another's data, and a fresh client
// gets in. How fast they are served under it is a figure of the machine: npm run bench prints it.
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_CONNECTIONS_PER_CLIENT } from '@tas/serve';
import { launchReady, run } from '@tas/serve/testing';
import { afterAll, expect, it } from 'vitest';
import { adult, type Client, client, MOBILE } from './helpers.js';

const dist = new URL('../dist/', import.meta.url).pathname;
const tarball = readdirSync(dist).find((f) => /^tas-sandbox-\d+\.\d+\.\d+\.tgz$/.test(f)) as string;
const folder = mkdtempSync(join(tmpdir(), 'tas-sandbox-hosted-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
// The dependencies come from the npm cache the repository's install filled.
const env = { npm_config_prefer_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false' };
// The README's hosting block: every line but the last (which starts the server) runs as written.
const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const block = /## Hosting it[\s\S]*?```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
const lines = block.trim().split('\n');
const serve = lines.pop() ?? '';
const ATTACK_MS = 4_000;

/** A connection from `from` (another loopback address is another client) that trickles a header. */
function trickle(port: number, from: string, seen: { refused: number }): Promise<void> {
  return new Promise((resolve) => {
    const socket: Socket = connect({ host: '127.0.0.1', port, localAddress: from }, () =>
      socket.write('GET /api/v2/record/ HTTP/1.1\r\nHost: x\r\nX-Slow: '),
    );
    const timer = setInterval(() => socket.writable && socket.write('a'), 500);
    socket.on('data', (chunk: Buffer) => {
      if (chunk.toString('latin1').startsWith('HTTP/1.1 429')) seen.refused++;
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      resolve();
    });
  });
}

/** Keeps `n` trickling connections open from `from` until `until`, opening another when one closes. */
async function churn(port: number, from: string, n: number, until: number) {
  const seen = { refused: 0, opened: 0 };
  const one = async (): Promise<void> => {
    while (Date.now() < until) {
      seen.opened++;
      const socket = trickle(port, from, seen);
      await Promise.race([socket, new Promise((r) => setTimeout(r, until - Date.now()))]);
    }
  };
  await Promise.all(Array.from({ length: n }, one));
  return seen;
}

/** Calls `call` again and again until `until`; the statuses answered. */
async function loop(until: number, call: () => Promise<number>): Promise<number[]> {
  const statuses: number[] = [];
  while (Date.now() < until) statuses.push(await call().catch(() => 0));
  return statuses;
}

it('a hosted sandbox from its tarball: partners kept apart and served while one partner attacks it', async () => {
  copyFileSync(join(dist, tarball), join(folder, tarball));
  // tas-sandbox on the PATH is the tarball's bin, as npx runs it in the folder of the download.
  const bin = join(folder, 'bin');
  mkdirSync(bin);
  writeFileSync(join(bin, 'tas-sandbox'), `#!/bin/sh\nexec npx --yes --package ./${tarball} tas-sandbox "$@"\n`);
  chmodSync(join(bin, 'tas-sandbox'), 0o755);
  const shell = { ...env, PATH: `${bin}:${process.env.PATH}` };
  const setup = await run(['sh', '-ec', lines.join('\n')], shell, folder);
  expect([setup.code, setup.stderr]).toEqual([0, expect.stringMatching(/^key [0-9a-f]{12} \(sms\) issued/)]);
  // The key is printed once, by issue; the list shows its id, mode and label, never a key.
  const [keyA = '', listed = ''] = setup.stdout.trim().split('\n');
  expect(keyA).toMatch(/^tas_sbx_/);
  expect(listed).toMatch(/^[0-9a-f]{12}\tsms\t\S+\tactive\tClinic A$/);
  const keys: Record<string, string> = Object.fromEntries(
    readFileSync(join(folder, 'keys.env'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => l.split('=') as [string, string]),
  );
  expect(Object.keys(keys)).toEqual(['SANDBOX_HOST_KEY', 'SANDBOX_KEY_SMS', 'SANDBOX_KEY_INSTANT']);
  const sandbox = await launchReady(['sh', '-c', `${serve} --port 0 --quiet`], /listening on (http:\/\/\S+)/, {
    cwd: folder,
    env: shell,
  });
  try {
    const url = sandbox.ready[1] as string;
    const port = Number(new URL(url).port);
    const host = client(url, keys.SANDBOX_HOST_KEY as string);
    const issue = async (mode: string, label: string) =>
      client(url, (await host.post('/__sandbox/keys/', { mode, label })).body.data.key);
    const a = client(url, keyA);
    const b = await issue('instant', 'Clinic B');
    const hostile = await issue('sms', 'Mallory');
    expect((await host.get('/__sandbox/keys/')).body.data.keys.map((k: { label: string }) => k.label)).toEqual([
      'Mallory',
      'Clinic B',
      'Clinic A',
    ]);
    // The default keys are off: this host chose its own.
    expect((await client(url, 'sandbox-key-sms').get('/api/v2/record/')).status).toBe(401);

    // A's data, which the hostile key then tries to reach.
    const record = await a.record('career-interest', 'vip_wait');
    const { token: roadmap } = await a.roadmap();
    await a.post(`/api/v2/record/${await a.record()}/auth/`, { mobile: MOBILE, profile: adult });
    const reach = [
      hostile.get(`/api/v2/record/${record}/`),
      hostile.post(`/__sandbox/records/${record}/complete-vip/`),
      hostile.get(`/api/v2/roadmap/${roadmap}/`),
      hostile.get(`/__sandbox/keys/`),
    ];
    expect((await Promise.all(reach)).map((r) => r.status)).toEqual([404, 404, 404, 403]);
    expect((await hostile.get(`/__sandbox/sms/?mobile=${MOBILE}`)).body.data.count).toBe(0);
    expect((await hostile.post('/__sandbox/reset/')).status).toBe(200);

    // The attack: the hostile key's costliest calls, 1 MiB bodies without a key, and a churn of
    // trickling connections, each from an address of its own; the partners call meanwhile.
    const until = Date.now() + ATTACK_MS;
    const keyed = Array.from({ length: 16 }, () =>
      loop(until, async () => (await hostile.get('/__sandbox/roadmaps/?page_size=20')).status),
    );
    const body = Buffer.alloc(1024 * 1024, 0x20);
    const keyless = Array.from({ length: 4 }, () =>
      loop(until, () =>
        fetch(`${url}/api/v2/record/${record}/`, { method: 'POST', body }).then(
          (r) => r.status,
          () => 0,
        ),
      ),
    );
    const churned = churn(port, '127.0.0.7', MAX_CONNECTIONS_PER_CLIENT + 44, until);
    // Each partner paced within its own key's limit (100 calls a minute; RateLimit-Remaining says what
    // is left), a few kept for the checks after: on a quick machine 4 s of calls one after another
    // went past it, a 429 of its own.
    const partners = async (c: Client) => {
      const seen: (number | string)[] = [];
      for (let left = 100; left > 5 && Date.now() < until; ) {
        const r = await c.get(`/api/v2/record/?page_size=5`);
        seen.push(r.status === 200 ? 200 : `${r.status} ${r.body?.messages?.[0]?.code}`);
        left = Number(r.headers.get('ratelimit-remaining') ?? 0);
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, until - Date.now()) / Math.max(1, left - 5)));
      }
      return seen;
    };
    const [fromA, fromB] = await Promise.all([partners(a), partners(b)]);
    // A fresh client, from an address of its own, gets in while the churn holds its own slots.
    expect(
      (await fetch(`${url}/api/v2/record/`, { headers: { 'API-KEY': keys.SANDBOX_KEY_INSTANT as string } })).status,
    ).toBe(200);
    const statuses = { keyed: (await Promise.all(keyed)).flat(), keyless: (await Promise.all(keyless)).flat() };
    const churn_ = await churned;

    expect(fromA.length).toBeGreaterThan(0);
    expect(new Set([...fromA, ...fromB])).toEqual(new Set([200]));
    expect(statuses.keyed.filter((s) => s !== 200 && s !== 429)).toEqual([]);
    // Keyless: refused 401 unread, then 429 once the address's budget is spent; never a 5xx.
    expect(statuses.keyless.every((s) => s === 401 || s === 429 || s === 0)).toBe(true);
    // The churn's connections past the per-client cap were refused at once.
    expect(churn_.refused).toBeGreaterThan(0);

    // Nothing of A's moved.
    const mine = await a.get(`/api/v2/record/${record}/`);
    expect([mine.status, mine.body.data.status]).toEqual([200, 0]);
    expect((await a.get(`/__sandbox/sms/?mobile=${MOBILE}`)).body.data.count).toBe(1);
  } finally {
    await sandbox.stop('SIGKILL');
  }
});
