// npm run bench: requests per second and p50/p99 latency under 50 connections, side by side:
// a bare node:http server with a fixed JSON body, the Prism mock, and the sandbox; then a whole
// journey on the sandbox. Each server runs in a child process (bench/target.ts) and autocannon
// here, so load and server do not share one event loop. Prints the ratios against the targets;
// it is not a test and never fails.
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { exampleData } from '../src/catalog/examples.js';
import { stableUuid } from '../src/store/create.js';

const CONNECTIONS = 50;
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const KEY = { 'API-KEY': 'sandbox-key-instant' };

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function measure(name: string, opts: autocannon.Options): Promise<Row> {
  const r = await autocannon({ connections: CONNECTIONS, duration: DURATION, ...opts });
  return { name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

/** Starts bench/target.ts in a child process and waits for the URL it prints. */
async function serve(kind: 'bare' | 'mock' | 'sandbox'): Promise<{ url: string; close: () => Promise<void> }> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', new URL('target.ts', import.meta.url).pathname, kind],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
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

const rows: Row[] = [];
const plain = await serve('bare');
rows.push(await measure('node:http, fixed JSON', { url: `${plain.url}/api/v2/record/x/` }));
await plain.close();

const mock = await serve('mock');
const exampleToken = exampleData<{ token: string }>('RecordDetailReady').token;
rows.push(
  await measure('Prism mock, GET /record/{token}/', {
    url: `${mock.url}/api/v2/record/${exampleToken}/`,
    headers: KEY,
  }),
);
await mock.close();

const sandbox = await serve('sandbox');
const seeded = stableUuid('instant:career-interest:ready');
rows.push(
  await measure('sandbox, GET /record/{token}/', { url: `${sandbox.url}/api/v2/record/${seeded}/`, headers: KEY }),
);

// A whole journey per connection loop: create a record, authenticate, questions, submit.
const json = { ...KEY, 'Content-Type': 'application/json' };
type Ctx = { token?: string };
const journey = await measure('sandbox, journey (4 calls)', {
  url: sandbox.url,
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
      setupRequest: (req: autocannon.Request, ctx: Ctx) => ({ ...req, path: `/api/v2/record/${ctx.token}/questions/` }),
    },
    {
      method: 'POST',
      headers: json,
      body: '{"record":[101,202,"پاسخ"]}',
      setupRequest: (req: autocannon.Request, ctx: Ctx) => ({ ...req, path: `/api/v2/record/${ctx.token}/` }),
    },
  ] as autocannon.Request[],
});
rows.push(journey);
await sandbox.close();

const pad = (s: string | number, n: number) => String(s).padEnd(n);
console.log(`\n${CONNECTIONS} connections, ${DURATION} s each\n`);
console.log(`${pad('server', 36)}${pad('req/s', 10)}${pad('p50 ms', 9)}${pad('p99 ms', 9)}non-2xx+errors`);
for (const r of rows)
  console.log(`${pad(r.name, 36)}${pad(Math.round(r.rps), 10)}${pad(r.p50, 9)}${pad(r.p99, 9)}${r.errors}`);
const [base, prism, get] = rows as [Row, Row, Row, Row];
console.log(`\nsandbox GET / bare node:http: ${(get.rps / base.rps).toFixed(2)}x (target >= 0.5x)`);
console.log(`sandbox GET / Prism mock:     ${(get.rps / prism.rps).toFixed(2)}x`);
console.log(`sandbox GET p99: ${get.p99} ms (target < 20 ms); journey p99: ${journey.p99} ms`);
console.log(`journeys per second: ${(journey.rps / 4).toFixed(0)}`);
