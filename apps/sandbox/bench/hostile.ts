// A hostile key's load, in its own process so that it shares no event loop with the measurement:
// `tsx bench/hostile.ts URL KEY CONCURRENCY PATH`. On a line `go` on stdin it keeps CONCURRENCY
// calls of PATH in flight (answers read and dropped) and prints `going` once the first answers;
// on `stop` it lets the calls in flight end and prints `stopped {"calls":…,"statuses":{…}}`.
import { Agent, get } from 'node:http';
import { createInterface } from 'node:readline';

const [url, key, concurrency, path] = process.argv.slice(2) as [string, string, string, string];
const n = Number(concurrency);
const agent = new Agent({ keepAlive: true, maxSockets: n });
let going = false;
let inFlight = 0;
let calls = 0;
let statuses: Record<number, number> = {};

function call(): void {
  if (!going) {
    if (inFlight === 0) process.stdout.write(`stopped ${JSON.stringify({ calls, statuses })}\n`);
    return;
  }
  inFlight++;
  const req = get(`${url}${path}`, { agent, headers: { 'API-KEY': key } }, (res) => {
    res.resume();
    res.once('end', () => {
      inFlight--;
      if (calls++ === 0) process.stdout.write('going\n');
      statuses[res.statusCode ?? 0] = (statuses[res.statusCode ?? 0] ?? 0) + 1;
      call();
    });
  });
  req.once('error', () => {
    inFlight--;
    statuses[0] = (statuses[0] ?? 0) + 1;
    call();
  });
}

createInterface({ input: process.stdin }).on('line', (line) => {
  if (line === 'go' && !going) {
    going = true;
    calls = 0;
    statuses = {};
    for (let i = 0; i < n; i++) call();
  } else if (line === 'stop') going = false;
  else if (line === 'exit') process.exit(0);
});
