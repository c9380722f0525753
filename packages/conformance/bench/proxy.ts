// What `tas-conformance proxy` costs an exchange: the same requests to a sandbox, direct and through
// the proxy (the CLI in a process of its own, as QA runs it), one at a time on a kept-alive connection,
// each timed to the microsecond (autocannon's histogram counts whole milliseconds, and a direct call
// to the sandbox takes less than one); p50 and p99 of each and their ratios.
import { spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { startSandbox } from '@tas/sandbox';

const EXCHANGES = 2_000;
const KEY = 'sandbox-key-sms';
const bin = fileURLToPath(new URL('../bin/tas-conformance.js', import.meta.url));
const sandbox = await startSandbox({ port: 0, rateLimit: false });
const listing = await (
  await fetch(`${sandbox.url}/api/v2/record/?page_size=1`, { headers: { 'API-KEY': KEY } })
).text();
const token = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/.exec(listing)?.[0];
if (!token) throw new Error(`no record in the sandbox's listing: ${listing.slice(0, 200)}`);
const paths = [`/api/v2/record/${token}/`, '/api/v2/record/?page_size=10'];

const proxy = spawn(process.execPath, [bin, 'proxy', '--upstream', sandbox.url], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
const proxyUrl = await new Promise<string>((resolve, reject) => {
  const lines = createInterface({ input: proxy.stdout });
  lines.on('line', (line) => {
    const url = /listening on (http:\/\/\S+),/.exec(line)?.[1];
    if (url) resolve(url);
  });
  proxy.on('exit', (code) => reject(new Error(`the proxy exited (${code}) before it listened`)));
});

/** One exchange, from the request's start to the answer's last byte, in milliseconds. */
function once(agent: Agent, url: string): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) =>
    request(url, { agent, headers: { 'API-KEY': KEY } }, (res) => {
      res.resume();
      res.on('end', () =>
        res.statusCode === 200 ? resolve(performance.now() - started) : reject(new Error(`${url}: ${res.statusCode}`)),
      );
    })
      .on('error', reject)
      .end(),
  );
}

async function measure(base: string, n = EXCHANGES) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const times: number[] = [];
  const began = performance.now();
  for (let i = 0; i < n; i++) times.push(await once(agent, `${base}${paths[i % paths.length]}`));
  const seconds = (performance.now() - began) / 1000;
  agent.destroy();
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] as number;
  return { p50: at(0.5), p99: at(0.99), rps: n / seconds };
}

try {
  // A first pass warms both paths (the validator's compiled schemas, kept-alive sockets).
  await measure(proxyUrl, 200);
  const direct = await measure(sandbox.url);
  const through = await measure(proxyUrl);
  const ms = (n: number) => `${n.toFixed(3)} ms`;
  const ratio = (a: number, b: number) => (b ? `${(a / b).toFixed(2)}x` : 'n/a');
  console.log(`proxy: ${EXCHANGES} exchanges each way, one at a time, getRecord and listRecords (10 records) in turn:`);
  console.log(`  direct:  p50 ${ms(direct.p50)}, p99 ${ms(direct.p99)}, ${direct.rps.toFixed(0)} requests/s`);
  console.log(`  through: p50 ${ms(through.p50)}, p99 ${ms(through.p99)}, ${through.rps.toFixed(0)} requests/s`);
  console.log(
    `  ratio (through / direct): p50 ${ratio(through.p50, direct.p50)}, p99 ${ratio(through.p99, direct.p99)}; added per exchange at p50: ${ms(through.p50 - direct.p50)}`,
  );
} finally {
  proxy.kill('SIGTERM');
  await sandbox.close();
}
