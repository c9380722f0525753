import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { portRefusals, refusal, tsxCommand } from '@tas/serve/testing';
import { describe, it } from 'vitest';
import { DEFAULT_RATE_LIMIT } from '../src/server.js';

// Every bad argument gets one line naming the problem and the fix, a non-zero exit, and no stack.
const cli = new URL('../src/cli.ts', import.meta.url).pathname;

const dir = mkdtempSync(join(tmpdir(), 'tas-sandbox-cli-'));
const notADb = join(dir, 'notes.txt');
writeFileSync(notADb, 'not a database\n');

describe('npm run sandbox with a bad argument', () => {
  it.concurrent.each([
    ...portRefusals('npm run sandbox', 'SANDBOX_PORT'),
    [
      'a --db in a folder that does not exist',
      () => [['--db', `${dir}/missing/state.db`]],
      2,
      `npm run sandbox: --db ${dir}/missing/state.db: folder ${dir}/missing does not exist; create it (mkdir -p ${dir}/missing) or choose another path`,
    ],
    [
      'a SANDBOX_DB under a file',
      () => [[], { SANDBOX_DB: `${notADb}/state.db` }],
      2,
      `npm run sandbox: SANDBOX_DB=${notADb}/state.db: ${notADb} is not a folder; choose another path`,
    ],
    [
      'a --db that is a folder',
      () => [['--db', dir]],
      2,
      `npm run sandbox: --db ${dir} is a folder; give a file path, e.g. ${dir}/sandbox.db`,
    ],
    [
      'a --db that is not a database',
      () => [['--db', notADb, '--port', '0']],
      2,
      `npm run sandbox: --db ${notADb}: file is not a database; choose another file`,
    ],
    [
      'a rate that is no number',
      () => [['--rate-minute', 'many']],
      2,
      `npm run sandbox: --rate-minute many is not a count; give a whole number, e.g. ${DEFAULT_RATE_LIMIT.perMinute}`,
    ],
    [
      'a --public-url that is no http address',
      () => [['--public-url', 'sandbox.example.com']],
      2,
      'npm run sandbox: --public-url sandbox.example.com is not an http(s) address; give one such as https://sandbox.example.com',
    ],
    [
      'a --key-file that does not exist',
      () => [['--key-file', `${dir}/missing.env`]],
      2,
      `npm run sandbox: --key-file ${dir}/missing.env: ENOENT; give a file of NAME=value lines`,
    ],
    [
      'a key file with a name it does not take',
      () => [['--key-file', notADb]],
      2,
      `npm run sandbox: --key-file ${notADb}, line 1: expected NAME=value with NAME one of SANDBOX_KEY_SMS, SANDBOX_KEY_INSTANT, SANDBOX_HOST_KEY`,
    ],
    [
      'a proxy to trust that is no address',
      () => [['--trust-proxy', 'proxy.example']],
      2,
      'npm run sandbox: --trust-proxy proxy.example is not an address or a CIDR range; give one such as 127.0.0.1 or 10.0.0.0/8',
    ],
    [
      'a label that would forge a row of keys list',
      () => [['keys', 'issue', '--db', join(dir, 'labels.db'), '--label', 'a\tb']],
      2,
      'npm run sandbox: --label "a\\tb" is not a label; give at most 100 characters, no tab, line break or other control character',
    ],
    [
      'keys without a database',
      () => [['keys', 'list']],
      2,
      'npm run sandbox: keys needs the sandbox database, --db PATH (or SANDBOX_DB); an in-memory sandbox takes keys through /__sandbox/keys/ with SANDBOX_HOST_KEY',
    ],
  ] as const)(
    '%s',
    refusal((args) => tsxCommand(cli, args)),
  );
});
