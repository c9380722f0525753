import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { loadDescription } from '@tas/openapi';
import createFetchClient from 'openapi-fetch';
import { createClient } from '../dist/index.js';
import type { paths } from '../src/generated/openapi.js';

const HELP = `Usage: npm run bench -w @tas/client [-- --calls N --rounds R]

Time per call of the client (getRecord) against a raw fetch of the same request to the same local
server, measured side by side in alternating rounds, printed as a ratio (the median of the rounds'
ratios, which a busy machine disturbs least). Target: within 1.10x. A plain openapi-fetch client
(no middleware, pacing, time-out or envelope check) runs alongside, for the floor the client is
built on. The client measured is the built package (dist/).

Options:
  --calls N    calls per round and contender (default 250)
  --rounds R   rounds (default 24)
  --help       show this help`;

const { values } = parseArgs({
  options: { calls: { type: 'string' }, rounds: { type: 'string' }, help: { type: 'boolean' } },
});
if (values.help) {
  console.log(HELP);
  process.exit(0);
}
const calls = Number(values.calls ?? 250);
const rounds = Number(values.rounds ?? 24);

// The server answers the description's own example, so both sides parse the same real envelope.
const examples = loadDescription().components.examples as Record<string, { value: { data: { token: string } } }>;
const answer = JSON.stringify(examples.RecordDetailReady?.value);
const token = examples.RecordDetailReady?.value.data.token ?? '';
const server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(answer) });
  res.end(answer);
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

// Pacing stays on (its bookkeeping is part of the cost), with limits the bench never reaches.
const tas = createClient({ baseUrl: base, apiKey: 'bench', rateLimit: { perMinute: 1e9, perHour: 1e9 } });
const url = `${base}/api/v2/record/${token}/`;
const plain = createFetchClient<paths>({ baseUrl: `${base}/api/v2` });
const contenders = {
  raw: async () => {
    const response = await fetch(url, { headers: { 'API-KEY': 'bench' } });
    return ((await response.json()) as { data: unknown }).data;
  },
  client: () => tas.call('getRecord', { path: { token } }),
  openapiFetch: async () =>
    (await plain.GET('/record/{token}/', { params: { path: { token } }, headers: { 'API-KEY': 'bench' } })).data?.data,
};
type Name = keyof typeof contenders;

/** Wall time and this process's CPU time (ms): the CPU time is what a busy machine blurs least. */
async function time(fn: () => Promise<unknown>): Promise<{ wall: number; cpu: number }> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  for (let i = 0; i < calls; i++) await fn();
  const used = process.cpuUsage(cpu);
  return { wall: performance.now() - start, cpu: (used.user + used.system) / 1000 };
}

const names = Object.keys(contenders) as Name[];
for (const name of names) await time(contenders[name]);
const totals = { raw: 0, client: 0, openapiFetch: 0 };
const ratios = { client: [] as number[], openapiFetch: [] as number[] };
const cpuRatios: number[] = [];
for (let round = 0; round < rounds; round++) {
  // Rotate who goes first, so that drift in the machine favours none.
  const order = names.map((_, i) => names[(i + round) % names.length] as Name);
  const spent = { raw: { wall: 0, cpu: 0 }, client: { wall: 0, cpu: 0 }, openapiFetch: { wall: 0, cpu: 0 } };
  for (const name of order) spent[name] = await time(contenders[name]);
  for (const name of names) totals[name] += spent[name].wall;
  ratios.client.push(spent.client.wall / spent.raw.wall);
  ratios.openapiFetch.push(spent.openapiFetch.wall / spent.raw.wall);
  cpuRatios.push(spent.client.cpu / spent.raw.cpu);
}
server.close();
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

const perCall = (ms: number) => (ms * 1000) / (calls * rounds);
const ratio = median(ratios.client);
console.log(`${calls * rounds} calls each, ${rounds} rotating rounds`);
console.log(`raw fetch:          ${perCall(totals.raw).toFixed(1)} µs/call`);
console.log(`client:             ${perCall(totals.client).toFixed(1)} µs/call`);
console.log(`openapi-fetch alone: ${perCall(totals.openapiFetch).toFixed(1)} µs/call`);
console.log(
  `round ratios client/raw: min ${Math.min(...ratios.client).toFixed(3)}, max ${Math.max(...ratios.client).toFixed(3)}`,
);
console.log(`CPU time ratio client/raw (median): ${median(cpuRatios).toFixed(3)}x`);
console.log(`ratio openapi-fetch alone/raw (median wall time): ${median(ratios.openapiFetch).toFixed(3)}x`);
console.log(
  `ratio client/raw (median wall time): ${ratio.toFixed(3)}x (target <= 1.10x) ${ratio <= 1.1 ? 'OK' : 'OVER'}`,
);
