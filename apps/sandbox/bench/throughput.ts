// npm run bench: requests per second and p50/p99 latency under 50 connections, side by side:
// a bare node:http server with a fixed JSON body, the Prism mock, and the sandbox; then a whole
// journey on the sandbox. Each server runs in its own child process (bench/target.ts) and
// autocannon here, so load and server do not share one event loop. All servers are up at once and
// measured in alternating short rounds after a warm-up, so a slow spell of the machine hits every
// server alike; the ratios are medians of the per-round ratios. Not a test; it never fails.
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { exampleData } from '../src/catalog/examples.js';
import { newestRecord } from './fairness.js';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const KEY = { 'API-KEY': 'sandbox-key-instant' };

interface Sample {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function measure(opts: autocannon.Options, duration = SECONDS): Promise<Sample> {
  const r = await autocannon({ connections: CONNECTIONS, duration, ...opts });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

/** Starts bench/target.ts in a child process and waits for the URL it prints. */
async function serve(kind: 'bare' | 'mock' | 'sandbox'): Promise<{ url: string; close: () => Promise<void> }> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', new URL('target.ts', import.meta.url).pathname, kind],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: child.stdout as NonNullable<ChildProcess['stdout']> });
  const first = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`${kind} server exited with ${code}`)));
  });
  const { url } = JSON.parse(first) as { url: string };
  return {
    url,
    close: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** A whole journey per connection loop: create a record, authenticate, questions, submit. */
function journey(url: string): autocannon.Options {
  const json = { ...KEY, 'Content-Type': 'application/json' };
  type Ctx = { token?: string };
  return {
    url,
    requests: [
      {
        method: 'POST',
        path: '/__sandbox/records/',
        headers: json,
        body: '{"test_id":"career-interest"}',
        onResponse: (_s: number, body: string, ctx: Ctx) => {
          ctx.token = JSON.parse(body).data.token;
        },
      },
      {
        method: 'POST',
        headers: json,
        body: JSON.stringify({
          mobile: '09121234567',
          profile: { name: 'علی رضایی', birth: '1990-04-21', is_male: true },
        }),
        setupRequest: (req: autocannon.Request, ctx: Ctx) => ({ ...req, path: `/api/v2/record/${ctx.token}/auth/` }),
      },
      {
        method: 'GET',
        headers: KEY,
        setupRequest: (req: autocannon.Request, ctx: Ctx) => ({
          ...req,
          path: `/api/v2/record/${ctx.token}/questions/`,
        }),
      },
      {
        method: 'POST',
        headers: json,
        body: '{"record":[101,202,"پاسخ"]}',
        setupRequest: (req: autocannon.Request, ctx: Ctx) => ({ ...req, path: `/api/v2/record/${ctx.token}/` }),
      },
    ] as autocannon.Request[],
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};

// The journeys get a sandbox of their own: the records they create must not weigh on the GET rounds.
const [bare, mock, sandbox, journeys] = await Promise.all([
  serve('bare'),
  serve('mock'),
  serve('sandbox'),
  serve('sandbox'),
]);
const exampleToken = exampleData<{ token: string }>('RecordDetailReady').token;
const seeded = await newestRecord(sandbox.url, 'sandbox-key-instant');
const targets: { name: string; opts: autocannon.Options }[] = [
  { name: 'node:http, fixed JSON', opts: { url: `${bare.url}/api/v2/record/x/` } },
  {
    name: 'Prism mock, GET /record/{token}/',
    opts: { url: `${mock.url}/api/v2/record/${exampleToken}/`, headers: KEY },
  },
  { name: 'sandbox, GET /record/{token}/', opts: { url: `${sandbox.url}/api/v2/record/${seeded}/`, headers: KEY } },
  { name: 'sandbox, journey (4 calls)', opts: journey(journeys.url) },
];

try {
  process.stderr.write('warming up');
  for (const t of targets) {
    await measure(t.opts, 1);
    process.stderr.write('.');
  }
  const samples = targets.map(() => [] as Sample[]);
  for (let round = 0; round < ROUNDS; round++) {
    process.stderr.write(`\nround ${round + 1}/${ROUNDS}`);
    // Rotate the order each round, so no server always runs first or last.
    for (let i = 0; i < targets.length; i++) {
      const k = (i + round) % targets.length;
      (samples[k] as Sample[]).push(await measure((targets[k] as (typeof targets)[number]).opts));
      process.stderr.write('.');
    }
  }
  process.stderr.write('\n');
  report(samples);
} finally {
  await Promise.all([bare.close(), mock.close(), sandbox.close(), journeys.close()]);
}

function report(samples: Sample[][]) {
  const pad = (s: string | number, n: number) => String(s).padEnd(n);
  console.log(`\n${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${SECONDS} s; medians\n`);
  console.log(`${pad('server', 36)}${pad('req/s', 10)}${pad('p50 ms', 9)}${pad('p99 ms', 9)}non-2xx+errors`);
  targets.forEach((t, k) => {
    const s = samples[k] as Sample[];
    const errors = s.reduce((n, x) => n + x.errors, 0);
    console.log(
      `${pad(t.name, 36)}${pad(Math.round(median(s.map((x) => x.rps))), 10)}${pad(median(s.map((x) => x.p50)), 9)}${pad(median(s.map((x) => x.p99)), 9)}${errors}`,
    );
  });
  const [base, prism, get, walk] = samples as [Sample[], Sample[], Sample[], Sample[]];
  const ratio = (a: Sample[], b: Sample[]) => median(a.map((x, i) => x.rps / (b[i] as Sample).rps));
  const range = (a: Sample[], b: Sample[]) => {
    const r = a.map((x, i) => x.rps / (b[i] as Sample).rps);
    return `${Math.min(...r).toFixed(2)}–${Math.max(...r).toFixed(2)}`;
  };
  console.log(
    `\nsandbox GET / bare node:http: ${ratio(get, base).toFixed(2)}x (target >= 0.5x; rounds ${range(get, base)})`,
  );
  console.log(`sandbox GET / Prism mock:     ${ratio(get, prism).toFixed(2)}x`);
  console.log(
    `sandbox GET p99: ${median(get.map((x) => x.p99))} ms (target < 20 ms); journey p99: ${median(walk.map((x) => x.p99))} ms`,
  );
  console.log(`journeys per second: ${(median(walk.map((x) => x.rps)) / 4).toFixed(0)}`);
}
