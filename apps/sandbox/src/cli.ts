#!/usr/bin/env node
// The edge: flags and environment variables are read here and nowhere else.
import { parseArgs } from 'node:util';
import { DEFAULT_KEYS, DEFAULT_RATE_LIMIT, startSandbox } from './server.js';

const HELP = `Usage: npm run sandbox -- [options]

Serves a stateful sandbox of /api/v2 at http://HOST:PORT/api/v2/ and its control API at /__sandbox/.

Options:
  --port N              port to listen on, 0 for a free one (env SANDBOX_PORT; default 4020)
  --host HOST           address to listen on (env SANDBOX_HOST; default 127.0.0.1)
  --db PATH             SQLite file to keep state in (env SANDBOX_DB; default: in memory)
  --key-sms KEY         key of the SMS organizer (env SANDBOX_KEY_SMS; default ${DEFAULT_KEYS.sms})
  --key-instant KEY     key of the instant organizer (env SANDBOX_KEY_INSTANT; default ${DEFAULT_KEYS.instant})
  --rate-minute N       calls per minute per key (env SANDBOX_RATE_MINUTE; default ${DEFAULT_RATE_LIMIT.perMinute})
  --rate-hour N         calls per hour per key (env SANDBOX_RATE_HOUR; default ${DEFAULT_RATE_LIMIT.perHour})
  --no-rate-limit       no rate limit (env SANDBOX_RATE_LIMIT=off)
  --quiet               no request log
  -h, --help            this help

Logs one line per request (never the API key). Stops cleanly on SIGTERM and SIGINT.
`;

function number(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) {
    process.stderr.write(`${name} must be a non-negative integer; got ${value}\n`);
    process.exit(2);
  }
  return n;
}

let parsed: ReturnType<typeof parse>;
function parse() {
  return parseArgs({
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      db: { type: 'string' },
      'key-sms': { type: 'string' },
      'key-instant': { type: 'string' },
      'rate-minute': { type: 'string' },
      'rate-hour': { type: 'string' },
      'no-rate-limit': { type: 'boolean' },
      quiet: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}
try {
  parsed = parse();
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n\n${HELP}`);
  process.exit(2);
}
const { values: flags } = parsed;
const env = process.env;
if (flags.help) {
  process.stdout.write(HELP);
  process.exit(0);
}

const rateOff = flags['no-rate-limit'] || env.SANDBOX_RATE_LIMIT === 'off';
const sandbox = await startSandbox({
  port: number('--port', flags.port ?? env.SANDBOX_PORT, 4020),
  host: flags.host ?? env.SANDBOX_HOST ?? '127.0.0.1',
  db: flags.db ?? (env.SANDBOX_DB || undefined),
  keys: { sms: flags['key-sms'] ?? env.SANDBOX_KEY_SMS, instant: flags['key-instant'] ?? env.SANDBOX_KEY_INSTANT },
  rateLimit: rateOff
    ? false
    : {
        perMinute: number(
          '--rate-minute',
          flags['rate-minute'] ?? env.SANDBOX_RATE_MINUTE,
          DEFAULT_RATE_LIMIT.perMinute,
        ),
        perHour: number('--rate-hour', flags['rate-hour'] ?? env.SANDBOX_RATE_HOUR, DEFAULT_RATE_LIMIT.perHour),
      },
  log: flags.quiet ? undefined : (line) => process.stdout.write(`${line}\n`),
});
process.stdout.write(
  `sandbox listening on ${sandbox.url} (API ${sandbox.url}/api/v2/, control ${sandbox.url}/__sandbox/)\n`,
);

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    sandbox.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
