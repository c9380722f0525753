import { parseArgs } from 'node:util';
import { DEFAULT_PORT, startMock } from './server.js';

const HELP = `Usage: npm run mock -- [options]

Prism mock of the Test Administration Service API v2, served at {base_url}/api/v2/ like a live
deployment. Answers come from the description's named examples; pick one per request with
  Prefer: code=409, example=ErrorRoadmapRecord

Options:
  --port <n>    port to listen on (env MOCK_PORT; default ${DEFAULT_PORT}; 0 picks a free one)
  --host <h>    interface to bind (env MOCK_HOST; default 127.0.0.1)
  --dynamic     generate answers from the schemas instead of the examples (env MOCK_DYNAMIC=1)
  --quiet       no request log
  -h, --help    show this help

One line is logged per request (method, path, status, time); the API key is never logged.`;

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    host: { type: 'string' },
    dynamic: { type: 'boolean' },
    quiet: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  },
});

if (values.help) {
  console.log(HELP);
  process.exit(0);
}
const port = Number(values.port ?? process.env.MOCK_PORT ?? DEFAULT_PORT);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be an integer from 0 to 65535; got ${values.port ?? process.env.MOCK_PORT}`);
  process.exit(2);
}
const mock = await startMock({
  port,
  host: values.host ?? process.env.MOCK_HOST ?? '127.0.0.1',
  dynamic: values.dynamic ?? process.env.MOCK_DYNAMIC === '1',
  log: values.quiet ? () => {} : (line) => console.log(`${new Date().toISOString()} ${line}`),
});
console.log(`Mock (Prism) listening on ${mock.url}/api/v2/ (${values.dynamic ? 'dynamic' : 'static examples'})`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void mock.close().then(() => process.exit(0)));
}
