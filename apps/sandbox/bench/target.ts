// One server under measurement, in its own process so that autocannon (in the parent) does not
// share its event loop: `tsx bench/target.ts bare|mock|sandbox` prints `{"url": ...}` and serves
// until SIGTERM.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startMock } from '@tas/mock';
import { exampleData } from '../src/catalog/examples.js';
import { startSandbox } from '../src/index.js';

async function bare(): Promise<{ url: string; close: () => Promise<void> }> {
  const body = JSON.stringify({ data: exampleData('RecordDetailReady'), successful: true, messages: [] });
  const server = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end(body));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const kind = process.argv[2];
const target =
  kind === 'bare'
    ? await bare()
    : kind === 'mock'
      ? await startMock({ port: 0 })
      : kind === 'sandbox'
        ? await startSandbox({ port: 0, rateLimit: false })
        : undefined;
if (!target) {
  console.error('usage: tsx bench/target.ts bare|mock|sandbox');
  process.exit(2);
}
process.stdout.write(`${JSON.stringify({ url: target.url })}\n`);
process.once('SIGTERM', () => void target.close().then(() => process.exit(0)));
