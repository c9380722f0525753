import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { loadDescription } from '@tas/openapi';
import createFetchClient, { createQuerySerializer } from 'openapi-fetch';
import { createClient } from '../dist/index.js';
import { pathSerializer } from '../dist/path-serializer.js';
import { PlainRequest } from '../dist/plain-request.js';
import type { paths } from '../src/generated/openapi.js';

const HELP = `Usage: npm run bench -w @tas/client [-- --calls N --rounds R]

Time per call of the client (getRecord) against a raw fetch doing the same work (the API-KEY
header, a time-out that aborts via AbortSignal.timeout, reading the JSON, checking the envelope,
returning data) to the same local server, measured side by side in rotating rounds, printed as
ratios (medians of the rounds' ratios, which a busy machine disturbs least). Targets: the client
within 1.10x the same-work raw fetch, and faster than openapi-fetch with its defaults. The client
measured is the built package (dist/), with pacing and its 30 s time-out on.

Beside them, for where the time goes:
  raw fetch, bare           fetch and json() only: no key check of the envelope, no time-out
  openapi-fetch, default    createClient with its defaults (a platform Request per call)
  openapi-fetch, as used    configured as the client configures it (plain request object, serializers
                            built once), the key as a header option: the floor under the client
  client, no pacing/time-out  the client with rateLimit false and timeoutMs 0

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
const url = `${base}/api/v2/record/${token}/`;

// Pacing stays on (its bookkeeping is part of the cost), with limits the bench never reaches.
const tas = createClient({ baseUrl: base, apiKey: 'bench', rateLimit: { perMinute: 1e9, perHour: 1e9 } });
const bare = createClient({ baseUrl: base, apiKey: 'bench', rateLimit: false, timeoutMs: 0 });
const byDefault = createFetchClient<paths>({ baseUrl: `${base}/api/v2` });
const asUsed = createFetchClient<paths>({
  baseUrl: `${base}/api/v2`,
  Request: PlainRequest as unknown as typeof Request,
  fetch: ((r: PlainRequest) => fetch(r.url, { method: r.method, headers: r.headers })) as unknown as typeof fetch,
  querySerializer: createQuerySerializer(),
  pathSerializer,
  headers: { 'API-KEY': 'bench' },
});
const params = { path: { token } };

/** What a careful hand-written call does: the key, a real time-out, the JSON, the envelope checked. */
async function sameWork(): Promise<unknown> {
  const response = await fetch(url, { headers: { 'API-KEY': 'bench' }, signal: AbortSignal.timeout(30_000) });
  const body = (await response.json()) as { data?: unknown; successful?: unknown; messages?: unknown };
  if (!body || typeof body !== 'object' || !('data' in body)) throw new Error('not the envelope');
  if (typeof body.successful !== 'boolean' || !Array.isArray(body.messages)) throw new Error('not the envelope');
  for (const m of body.messages as { code?: unknown; text?: unknown }[])
    if (typeof m?.code !== 'string' || typeof m.text !== 'string') throw new Error('not the envelope');
  if (!response.ok || !body.successful) throw new Error(`error ${response.status}`);
  return body.data;
}

const contenders: { name: string; call: () => Promise<unknown> }[] = [
  { name: 'raw fetch, same work', call: sameWork },
  {
    name: 'raw fetch, bare',
    call: async () =>
      ((await (await fetch(url, { headers: { 'API-KEY': 'bench' } })).json()) as { data: unknown }).data,
  },
  { name: 'client', call: () => tas.call('getRecord', { path: { token } }) },
  {
    name: 'openapi-fetch, default',
    call: async () => (await byDefault.GET('/record/{token}/', { params, headers: { 'API-KEY': 'bench' } })).data?.data,
  },
  { name: 'openapi-fetch, as used', call: async () => (await asUsed.GET('/record/{token}/', { params })).data?.data },
  { name: 'client, no pacing/time-out', call: () => bare.call('getRecord', { path: { token } }) },
];

/** Wall time and this process's CPU time (ms): the CPU time is what a busy machine blurs least. */
async function time(fn: () => Promise<unknown>): Promise<{ wall: number; cpu: number }> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  for (let i = 0; i < calls; i++) await fn();
  const used = process.cpuUsage(cpu);
  return { wall: performance.now() - start, cpu: (used.user + used.system) / 1000 };
}

for (const c of contenders) await time(c.call);
const totals = contenders.map(() => 0);
const ratios = contenders.map(() => [] as number[]);
const cpuRatios = contenders.map(() => [] as number[]);
for (let round = 0; round < rounds; round++) {
  // Rotate who goes first, so that drift in the machine favours none.
  const spent = contenders.map(() => ({ wall: 0, cpu: 0 }));
  for (let i = 0; i < contenders.length; i++) {
    const k = (i + round) % contenders.length;
    spent[k] = await time((contenders[k] as (typeof contenders)[number]).call);
  }
  const raw = spent[0] as { wall: number; cpu: number };
  spent.forEach((s, k) => {
    totals[k] = (totals[k] as number) + s.wall;
    ratios[k]?.push(s.wall / raw.wall);
    cpuRatios[k]?.push(s.cpu / raw.cpu);
  });
}
server.close();
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

const perCall = (ms: number) => (ms * 1000) / (calls * rounds);
console.log(`${calls * rounds} calls each, ${rounds} rotating rounds; ratios are medians of the rounds'\n`);
console.log(`${'contender'.padEnd(30)}${'µs/call'.padEnd(10)}${'wall ratio'.padEnd(12)}CPU ratio`);
contenders.forEach((c, k) => {
  const wall = median(ratios[k] as number[]).toFixed(3);
  const cpu = median(cpuRatios[k] as number[]).toFixed(3);
  console.log(
    `${c.name.padEnd(30)}${perCall(totals[k] as number)
      .toFixed(1)
      .padEnd(10)}${`${wall}x`.padEnd(12)}${cpu}x`,
  );
});
const client = ratios[2] as number[];
const ratio = median(client);
// Client against openapi-fetch's defaults, round by round, from the same rounds.
const vsDefault = client.map((r, i) => r / ((ratios[3] as number[])[i] as number));
const againstDefault = median(vsDefault);
console.log(
  `\nround ratios client/same-work raw: min ${Math.min(...client).toFixed(3)}, max ${Math.max(...client).toFixed(3)}`,
);
console.log(
  `ratio client/same-work raw fetch (median wall time): ${ratio.toFixed(3)}x (target <= 1.10x) ${ratio <= 1.1 ? 'OK' : 'OVER'}`,
);
console.log(
  `ratio client/openapi-fetch default (median wall time): ${againstDefault.toFixed(3)}x (target < 1.00x) ${againstDefault < 1 ? 'OK' : 'OVER'}`,
);
