#!/usr/bin/env node
// The edge: flags and environment variables are read here and nowhere else.
import { resolve } from 'node:path';
import { BODY_BOUNDS_TEXT } from '@tas/openapi';
import {
  BOUNDS_TEXT,
  boundLine,
  checkWritableFile,
  exitOnUsageError,
  exposureWarning,
  helpHint,
  listenError,
  parseFlags,
  parsePort,
  UsageError,
} from '@tas/serve';
import { LIMITS_TEXT } from './limits.js';
import { DEFAULT_KEYS, DEFAULT_RATE_LIMIT, startSandbox } from './server.js';

// The packed bin (tas-sandbox) is built with TAS_BIN defined; from this repository it is the npm script.
declare const TAS_BIN: string | undefined;
const COMMAND = typeof TAS_BIN === 'string' ? TAS_BIN : 'npm run sandbox';
const HELP = `Usage: ${COMMAND}${COMMAND.startsWith('npm ') ? ' --' : ''} [options]

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
${BODY_BOUNDS_TEXT}
${BOUNDS_TEXT}
${LIMITS_TEXT}
A mistake in the options is reported in one line, exit code 2; a busy port, exit code 1.
`;

/** A flag's value, else its environment variable's, with the name the message should point at. */
function either(flag: string, value: string | undefined, env: string): [string | undefined, string] {
  return value !== undefined ? [value, flag] : [process.env[env] || undefined, env];
}

function count([value, source]: [string | undefined, string], fallback: number): number {
  if (value === undefined) return fallback;
  if (/^\d+$/.test(value)) return Number(value);
  const given = source.startsWith('-') ? `${source} ${value}` : `${source}=${value}`;
  throw new UsageError(`${given} is not a count; give a whole number, e.g. ${fallback}`);
}

try {
  const flags = parseFlags(
    {
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
    process.argv.slice(2),
    helpHint(COMMAND),
  );
  const env = process.env;
  if (flags.help) {
    process.stdout.write(HELP);
    process.exit(0);
  }

  const [port, portSource] = either('--port', flags.port, 'SANDBOX_PORT');
  const [given, dbSource] = either('--db', flags.db, 'SANDBOX_DB');
  // npm run starts this in apps/sandbox; a relative path means the folder the user typed it in.
  const db = given === undefined ? undefined : resolve(env.INIT_CWD ?? process.cwd(), given);
  if (db !== undefined) checkWritableFile(db, dbSource);
  const rateOff = flags['no-rate-limit'] || env.SANDBOX_RATE_LIMIT === 'off';
  const sandbox = await startSandbox({
    port: parsePort(port, portSource, 4020),
    host: flags.host ?? env.SANDBOX_HOST ?? '127.0.0.1',
    db,
    keys: { sms: flags['key-sms'] ?? env.SANDBOX_KEY_SMS, instant: flags['key-instant'] ?? env.SANDBOX_KEY_INSTANT },
    rateLimit: rateOff
      ? false
      : {
          perMinute: count(
            either('--rate-minute', flags['rate-minute'], 'SANDBOX_RATE_MINUTE'),
            DEFAULT_RATE_LIMIT.perMinute,
          ),
          perHour: count(either('--rate-hour', flags['rate-hour'], 'SANDBOX_RATE_HOUR'), DEFAULT_RATE_LIMIT.perHour),
        },
    log: flags.quiet ? undefined : (line) => process.stdout.write(`${line}\n`),
  }).catch((error: unknown) => {
    // SQLite refuses a file it cannot open or that is not a database (SQLITE_CANTOPEN, SQLITE_NOTADB).
    const { code, message } = error as Error & { code?: string };
    if (db !== undefined && (code?.startsWith('SQLITE_') || /database/.test(message)))
      throw new UsageError(`${dbSource === '--db' ? '--db ' : 'SANDBOX_DB='}${db}: ${message}; choose another file`);
    throw listenError(error, { port: ['--port', 'SANDBOX_PORT'], host: ['--host', 'SANDBOX_HOST'] });
  });
  process.stdout.write(
    `sandbox listening on ${boundLine(sandbox.server, '')} (API ${sandbox.url}/api/v2/, control ${sandbox.url}/__sandbox/)\n`,
  );
  // Its keys are printed in this --help and on the site: public, unless both are set.
  const ownKeys = (flags['key-sms'] ?? env.SANDBOX_KEY_SMS) && (flags['key-instant'] ?? env.SANDBOX_KEY_INSTANT);
  const warning = exposureWarning(
    sandbox.server,
    'the sandbox',
    `anyone who can reach this machine can, with ${ownKeys ? 'its keys' : 'its public keys (the defaults, printed in --help and on the site; set --key-sms and --key-instant)'}, call its API and its control API at /__sandbox/ (create records, read the SMS codes, reset an organizer)`,
  );
  if (warning) process.stderr.write(`${warning}\n`);

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      sandbox.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
} catch (error) {
  exitOnUsageError(COMMAND, error);
}
