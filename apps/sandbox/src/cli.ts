#!/usr/bin/env node
// The edge: flags and environment variables are read here and nowhere else.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { BODY_BOUNDS_TEXT } from '@tas/openapi';
import {
  BOUNDS_TEXT,
  boundLine,
  checkWritableFile,
  exitOnUsageError,
  helpHint,
  parseFlags,
  parsePort,
  runServer,
  trustList,
  UsageError,
} from '@tas/serve';
import { FORM_SECRET_TTL_S, LIMITS_TEXT } from './hosting-quotas.js';
import { readKeyFile, runKeysCommand } from './keys/command.js';
import { DEFAULT_KEYS, DEFAULT_RATE_LIMIT, startSandbox } from './server.js';

// The packed bin (tas-sandbox) is built with TAS_BIN defined; from this repository it is the npm script.
declare const TAS_BIN: string | undefined;
const COMMAND = typeof TAS_BIN === 'string' ? TAS_BIN : 'npm run sandbox';
/** From this repository, the description's sources are at hand to watch. */
const WATCH =
  typeof TAS_BIN === 'string'
    ? ''
    : `  --no-watch            validate against the description as built; by default an edit of openapi/
                        is bundled, linted and, if valid, validated against at once (state kept)
`;
const HELP = `Usage: ${COMMAND}${COMMAND.startsWith('npm ') ? ' --' : ''} [options]

Serves a stateful sandbox of /api/v2 at http://HOST:PORT/api/v2/ and its control API at /__sandbox/.

Options:
  --port N              port to listen on, 0 for a free one (env SANDBOX_PORT; default 4020)
  --host HOST           address to listen on (env SANDBOX_HOST; default 127.0.0.1)
  --db PATH             SQLite file to keep state in (env SANDBOX_DB; default: a file in a temporary
                        folder, removed when it stops, so memory stays bounded)
  --key-file PATH       keys from a file of NAME=value lines: SANDBOX_KEY_SMS, SANDBOX_KEY_INSTANT,
                        SANDBOX_HOST_KEY (env SANDBOX_KEY_FILE); the environment, else the file
  --key-sms KEY         key of the SMS organizer (env SANDBOX_KEY_SMS; default ${DEFAULT_KEYS.sms});
                        a key given as a flag shows in ps: prefer the environment or --key-file
  --key-instant KEY     key of the instant organizer (env SANDBOX_KEY_INSTANT; default ${DEFAULT_KEYS.instant})
                        SANDBOX_HOST_KEY (environment or --key-file only) issues, lists and revokes
                        partner keys at /__sandbox/keys/; none by default
  --public-url URL      the address partners reach it at, e.g. behind a TLS proxy (env SANDBOX_PUBLIC_URL;
                        default where it listens): the HTML questionnaire's form posts there
  --trust-proxy ADDR    a proxy in front (an address or CIDR range, repeatable; env SANDBOX_TRUST_PROXY,
                        comma-separated): a request from it counts against the client its last
                        X-Forwarded-For entry (else X-Real-IP) names; untrusted, those headers are ignored
  --cors-origin ORIGIN  a website allowed to call it from a browser, repeatable, * for any
                        (env SANDBOX_CORS_ORIGINS, comma-separated; default the origins of this machine)
  --rate-minute N       calls per minute per key (env SANDBOX_RATE_MINUTE; default ${DEFAULT_RATE_LIMIT.perMinute})
  --rate-hour N         calls per hour per key (env SANDBOX_RATE_HOUR; default ${DEFAULT_RATE_LIMIT.perHour})
  --no-rate-limit       no rate limit (env SANDBOX_RATE_LIMIT=off)
  --quiet               no request log
${WATCH}  -h, --help            this help

Partner keys of a hosted sandbox, on its --db file (the key is printed once, by issue):
  ${COMMAND}${COMMAND.startsWith('npm ') ? ' --' : ''} keys issue --db PATH [--mode sms|instant] [--label TEXT] [--shard N/M]
  ${COMMAND}${COMMAND.startsWith('npm ') ? ' --' : ''} keys list --db PATH
  ${COMMAND}${COMMAND.startsWith('npm ') ? ' --' : ''} keys revoke ID --db PATH

  (--shard N/M: a key that nginx's \`hash $http_api_key;\` sends to the Nth of M sandboxes, as its README's
  hosting guide sets them up; the label: at most 100 characters, no control character)

Logs one line per request (never the API key). Stops cleanly on SIGTERM and SIGINT.
An HTML questionnaire's form carries a secret that lets it be posted for ${FORM_SECRET_TTL_S / 3600} h.
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

function publicUrl([value, source]: [string | undefined, string]): string | undefined {
  if (value === undefined) return undefined;
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (!url || !/^https?:$/.test(url.protocol) || url.search || url.hash)
    throw new UsageError(`${source} ${value} is not an http(s) address; give one such as https://sandbox.example.com`);
  return value;
}

/** The key flags, each with the variable to set instead (a flag's value shows in ps). */
const KEY_FLAGS = { 'key-sms': 'SANDBOX_KEY_SMS', 'key-instant': 'SANDBOX_KEY_INSTANT' } as const;

const argv = process.argv.slice(2);
if (argv[0] === 'keys') {
  try {
    await runKeysCommand(COMMAND, argv.slice(1));
  } catch (error) {
    exitOnUsageError(COMMAND, error);
  }
} else {
  const sandbox = await runServer(COMMAND, () => {
    const flags = parseFlags(
      {
        port: { type: 'string' },
        host: { type: 'string' },
        db: { type: 'string' },
        'key-file': { type: 'string' },
        'key-sms': { type: 'string' },
        'key-instant': { type: 'string' },
        'public-url': { type: 'string' },
        'cors-origin': { type: 'string', multiple: true },
        'trust-proxy': { type: 'string', multiple: true },
        'rate-minute': { type: 'string' },
        'rate-hour': { type: 'string' },
        'no-rate-limit': { type: 'boolean' },
        quiet: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
        ...(WATCH ? { 'no-watch': { type: 'boolean' as const } } : {}),
      },
      argv,
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
    const cwd = env.INIT_CWD ?? process.cwd();
    const db = given === undefined ? undefined : resolve(cwd, given);
    if (db !== undefined) checkWritableFile(db, dbSource);
    const [keyFile, keyFileSource] = either('--key-file', flags['key-file'], 'SANDBOX_KEY_FILE');
    const file = keyFile === undefined ? {} : readKeyFile(resolve(cwd, keyFile), keyFileSource);
    const key = (flag: 'key-sms' | 'key-instant' | undefined, name: keyof typeof file) =>
      (flag && flags[flag]) ?? (env[name] || undefined) ?? file[name];
    const keys = {
      sms: key('key-sms', 'SANDBOX_KEY_SMS'),
      instant: key('key-instant', 'SANDBOX_KEY_INSTANT'),
      host: key(undefined, 'SANDBOX_HOST_KEY'),
    };
    const cors = flags['cors-origin'] ?? env.SANDBOX_CORS_ORIGINS?.split(',').map((o) => o.trim());
    const trustProxy = flags['trust-proxy'] ?? env.SANDBOX_TRUST_PROXY?.split(',').map((o) => o.trim());
    const untrustable = trustProxy && trustList(trustProxy);
    if (untrustable && 'bad' in untrustable)
      throw new UsageError(
        `${flags['trust-proxy'] ? '--trust-proxy' : 'SANDBOX_TRUST_PROXY'} ${untrustable.bad} is not an address or a CIDR range; give one such as 127.0.0.1 or 10.0.0.0/8`,
      );
    const rateOff = flags['no-rate-limit'] || env.SANDBOX_RATE_LIMIT === 'off';
    const rateLimit = rateOff
      ? (false as const)
      : {
          perMinute: count(
            either('--rate-minute', flags['rate-minute'], 'SANDBOX_RATE_MINUTE'),
            DEFAULT_RATE_LIMIT.perMinute,
          ),
          perHour: count(either('--rate-hour', flags['rate-hour'], 'SANDBOX_RATE_HOUR'), DEFAULT_RATE_LIMIT.perHour),
        };
    const ownKeys = keys.sms !== undefined && keys.instant !== undefined;
    return {
      knobs: { port: ['--port', 'SANDBOX_PORT'], host: ['--host', 'SANDBOX_HOST'] },
      warnings: Object.entries(KEY_FLAGS)
        .filter(([flag]) => flags[flag as keyof typeof KEY_FLAGS] !== undefined)
        .map(
          ([flag, name]) => `--${flag} shows the key to every user of this machine (ps); set ${name} or use --key-file`,
        ),
      start: async () => {
        // Without --db the state is a file all the same, in a folder of its own that goes when it stops:
        // SQLite keeps a file's pages on disk, where an in-memory database kept them all in the heap.
        const scratch = db === undefined ? mkdtempSync(join(tmpdir(), 'tas-sandbox-')) : undefined;
        const drop = () => {
          if (scratch) rmSync(scratch, { recursive: true, force: true });
        };
        const started = startSandbox({
          port: parsePort(port, portSource, 4020),
          host: flags.host ?? env.SANDBOX_HOST ?? '127.0.0.1',
          db: db ?? join(scratch as string, 'sandbox.db'),
          keys,
          publicUrl: publicUrl(either('--public-url', flags['public-url'], 'SANDBOX_PUBLIC_URL')),
          cors,
          trustProxy,
          rateLimit,
          log: flags.quiet ? undefined : (line) => process.stdout.write(`${line}\n`),
        }).catch((error: unknown) => {
          // SQLite refuses a file it cannot open or that is not a database (SQLITE_CANTOPEN, SQLITE_NOTADB).
          const { code, message } = error as Error & { code?: string };
          if (db !== undefined && (code?.startsWith('SQLITE_') || /database/.test(message)))
            throw new UsageError(
              `${dbSource === '--db' ? '--db ' : 'SANDBOX_DB='}${db}: ${message}; choose another file`,
            );
          throw error;
        });
        const sandbox = await started.catch((error: unknown) => {
          drop();
          throw error;
        });
        return { ...sandbox, close: () => sandbox.close().finally(drop) };
      },
      ready: (sandbox) =>
        `sandbox listening on ${boundLine(sandbox.server, '')} (API ${sandbox.url}/api/v2/, control ${sandbox.url}/__sandbox/)`,
      // Its keys are printed in this --help and on the site: public, unless both are set.
      exposure: {
        what: 'the sandbox',
        reach: `anyone who can reach this machine can, with ${ownKeys ? 'its keys' : 'its public keys (the defaults, printed in --help and on the site; set SANDBOX_KEY_SMS and SANDBOX_KEY_INSTANT, or --key-file)'}, call its API and its control API at /__sandbox/ (create records, read the SMS codes, reset an organizer)`,
      },
    };
  });
  if (sandbox && WATCH && !argv.includes('--no-watch')) {
    const { watchAndReload } = await import('@tas/openapi/live');
    const { loadDescription } = await import('@tas/openapi');
    const { reloadDescription } = await import('./contracts.js');
    watchAndReload({
      log: (line) => process.stdout.write(`${line}\n`),
      reload: async ({ dir }) =>
        `validates against it (${reloadDescription(loadDescription(`${dir}/dist/openapi.json`))} operations; its data kept)`,
    });
  }
}
