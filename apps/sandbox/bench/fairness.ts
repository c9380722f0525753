// Tenants kept apart by cost (issue 30): one key keeps the most costly calls it may in flight (the
// largest pages of the largest roadmaps, its quota's worth) while another key makes its cheapest
// call one at a time. The other key's p99 quiet and under attack are measured in alternating rounds
// (a busy spell of the machine hits both), with the sandbox's memory; `npm run bench` prints the ratio
// (tenants.ts). The turns themselves are proven on an injected clock by test/fair.test.ts.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface, type Interface } from 'node:readline';
import { residentBytes } from '@tas/serve/flood';
import { launchReady } from '@tas/serve/testing';
import { PAGES, QUOTAS } from '../src/hosting-quotas.js';
import { fillDb } from '../test/fill.js';

export const HOSTILE = {
  key: 'sandbox-key-instant',
  path: `/__sandbox/roadmaps/?page_size=${PAGES.roadmaps.max}`,
  /** Calls it keeps in flight: past its units, so that some always wait their turn too. */
  concurrency: 16,
};
export const QUIET = {
  key: 'sandbox-key-sms',
  /** The cheapest call: a record of the key's (the newest of its seed, whose tokens are random). */
  path: (token: string) => `/api/v2/record/${token}/`,
};

/** The newest record of `key`'s organizer. */
export async function newestRecord(url: string, key: string): Promise<string> {
  const listed = await fetch(`${url}/api/v2/record/?page_size=1`, { headers: { 'API-KEY': key } });
  return ((await listed.json()) as { data: { results: { token: string }[] } }).data.results[0]?.token as string;
}

/** Roadmaps of 200 records (the largest) that fill the hostile key's quota of records. */
export const HOSTILE_ROADMAPS = QUOTAS.records / 200;

/**
 * The stage: the sandbox's CLI on a --db file whose hostile key holds HOSTILE_ROADMAPS roadmaps,
 * given to `work` by its URL and process id, then stopped with `signal` and its files removed.
 */
export async function onHostileStage<T>(
  name: string,
  signal: NodeJS.Signals,
  work: (url: string, pid: number) => Promise<T>,
): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), `${name}-`));
  const db = join(dir, 'sandbox.db');
  fillDb(db, { organizer: 'instant', roadmaps: HOSTILE_ROADMAPS });
  const cli = new URL('../src/cli.ts', import.meta.url).pathname;
  const sandbox = await launchReady(
    [process.execPath, '--import', 'tsx', cli, '--port', '0', '--db', db, '--quiet', '--no-rate-limit'],
    /listening on (http:\/\/\S+)/,
  );
  try {
    return await work(sandbox.ready[1] as string, sandbox.child.pid as number);
  } finally {
    await sandbox.stop(signal);
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface Fairness {
  quietP99: number;
  attackP99: number;
  ratio: number;
  hostileCalls: number;
  hostileStatuses: Record<string, number>;
  rssQuiet: number;
  rssPeak: number;
}

const p99 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.99) - 1] ?? Number.NaN;

/** The hostile key's process (bench/hostile.ts), driven by lines. */
function hostile(url: string) {
  const child: ChildProcess = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      new URL('hostile.ts', import.meta.url).pathname,
      url,
      HOSTILE.key,
      String(HOSTILE.concurrency),
      HOSTILE.path,
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const lines: Interface = createInterface({ input: child.stdout as NonNullable<ChildProcess['stdout']> });
  const next = (prefix: string) =>
    new Promise<string>((resolve, reject) => {
      const exited = (code: number | null) => reject(new Error(`the hostile load exited with ${code}`));
      const on = (line: string) => {
        if (!line.startsWith(prefix)) return;
        lines.off('line', on);
        child.off('exit', exited);
        resolve(line.slice(prefix.length).trim());
      };
      lines.on('line', on);
      child.once('exit', exited);
    });
  const say = (line: string) => child.stdin?.write(`${line}\n`);
  return {
    async go() {
      const going = next('going');
      say('go');
      await going;
    },
    async stop(): Promise<{ calls: number; statuses: Record<string, number> }> {
      const stopped = next('stopped');
      say('stop');
      return JSON.parse(await stopped);
    },
    close: () => {
      say('exit');
      child.kill('SIGTERM');
    },
  };
}

/**
 * `rounds` rounds of `samples` quiet calls alone, then `samples` under attack; `pid` is the sandbox's.
 * A series ends early after `seriesMs` (an unfair sandbox makes each call take seconds: its p99 is
 * plain from the calls made by then).
 */
export async function measureFairness(
  url: string,
  pid: number,
  rounds = 3,
  samples = 200,
  seriesMs = Number.POSITIVE_INFINITY,
): Promise<Fairness> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const quietPath = QUIET.path(await newestRecord(url, QUIET.key));
  const once = (): Promise<number> =>
    new Promise<number>((resolve, reject) => {
      const started = performance.now();
      const req = get(`${url}${quietPath}`, { agent, headers: { 'API-KEY': QUIET.key } }, (res) => {
        if (res.statusCode !== 200) reject(new Error(`the quiet call answered ${res.statusCode}`));
        res.resume();
        res.once('end', () => resolve(performance.now() - started));
      });
      // A kept-alive socket the server closed as idle (between rounds) just as it was reused: sent
      // again on a new one, as node's documentation of reusedSocket advises.
      req.once('error', (error: NodeJS.ErrnoException) =>
        req.reusedSocket && error.code === 'ECONNRESET' ? once().then(resolve, reject) : reject(error),
      );
    });
  const series = async () => {
    const out: number[] = [];
    const end = performance.now() + seriesMs;
    for (let i = 0; i < samples && performance.now() < end; i++) out.push(await once());
    return out;
  };
  const load = hostile(url);
  const quiet: number[] = [];
  const attacked: number[] = [];
  let hostileCalls = 0;
  const hostileStatuses: Record<string, number> = {};
  let rssQuiet = 0;
  let rssPeak = 0;
  try {
    for (let i = 0; i < 10; i++) await once(); // warm-up
    for (let round = 0; round < rounds; round++) {
      quiet.push(...(await series()));
      rssQuiet = Math.max(rssQuiet, await residentBytes(pid));
      await load.go();
      attacked.push(...(await series()));
      rssPeak = Math.max(rssPeak, await residentBytes(pid));
      const done = await load.stop();
      hostileCalls += done.calls;
      for (const [status, n] of Object.entries(done.statuses))
        hostileStatuses[status] = (hostileStatuses[status] ?? 0) + n;
    }
  } finally {
    load.close();
    agent.destroy();
  }
  const quietP99 = p99(quiet);
  const attackP99 = p99(attacked);
  return { quietP99, attackP99, ratio: attackP99 / quietP99, hostileCalls, hostileStatuses, rssQuiet, rssPeak };
}
