// For the commands' tests of bad arguments (apps/*/test/cli-errors.test.ts, scripts/test/start-errors.test.ts):
// each runs its CLI as a child process, as a user would, and checks the one line it prints. And for any
// test that starts a process: readiness (ready.ts) and the limits of every wait (limits.js).
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { afterAll, beforeAll, expect } from 'vitest';
import { type Listening, listen } from './listen.js';

export { READY_LIMIT_MS, TEST_LIMIT_MS } from './limits.js';
export { type Exit, type LaunchOptions, launch, launchReady, type Running, waitForPort } from './ready.js';

export interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `command` (file first, then its arguments) to its end; `env` is added to this process's. */
export function run(command: readonly string[], env: Record<string, string> = {}, cwd?: string): Promise<Ran> {
  return new Promise((resolve) => {
    const [file, ...args] = command as [string, ...string[]];
    const child = spawn(file, args, { cwd, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The command that runs a TypeScript CLI through tsx, as its npm script does. */
export const tsxCommand = (file: string, args: readonly string[]) => [
  process.execPath,
  '--import',
  'tsx',
  file,
  ...args,
];

/** A port held busy while the file's tests run (so a CLI can be seen to report it); read it inside a test. */
export function busyPort(): () => number {
  let busy: Listening;
  let port = 0;
  beforeAll(async () => {
    busy = await listen(createServer(), 0, '127.0.0.1');
    port = Number(new URL(busy.url).port);
  });
  afterAll(() => busy.close());
  return () => port;
}

/** The promise for every bad argument: exactly the one line `want` on stderr, exit code `code`, no stack. */
export function expectOneLine(ran: Ran, code: number, want: string): void {
  expect({ code: ran.code, stderr: ran.stderr }).toEqual({ code, stderr: `${want}\n` });
  expect(ran.stderr).not.toMatch(/^ {4}at /m);
}

/**
 * The test for one row `[name, given, code, want]` of a table of bad arguments. `given()` gives the
 * arguments and the environment, and `want` may be a function: both are read when the test runs,
 * after busyPort's port is known. `command` turns the arguments into the command to run.
 */
export function refusal(command: (args: readonly string[]) => readonly string[], cwd?: string) {
  return async (
    _name: string,
    // [arguments, environment?]; vitest's table types lose the tuple, hence the cast below.
    given: () => readonly unknown[],
    code: number,
    want: string | (() => string),
  ) => {
    const [args, env] = given() as [string[], Record<string, string>?];
    expectOneLine(await run(command(args), env, cwd), code, typeof want === 'function' ? want() : want);
  };
}

/**
 * The bad arguments every server's command refuses alike (an unknown flag, a port that is none, a
 * busy one, by flag and by `envVar`), as rows for `refusal`; `before` goes before a busy port's flags.
 */
export function portRefusals(command: string, envVar: string, before: string[] = []) {
  const port = busyPort();
  const notAPort = (given: string) =>
    `${command}: ${given} is not a port; give a whole number from 0 to 65535 (0 picks a free one)`;
  const busy = () => `${command}: port ${port()} is in use; choose another with --port or ${envVar}`;
  return [
    ['an unknown flag', () => [['--colour']], 2, `${command}: unknown option --colour; see ${command} -- --help`],
    ['a port out of range', () => [['--port', '99999']], 2, notAPort('--port 99999')],
    ['a port that is no number', () => [['--port', 'abc']], 2, notAPort('--port abc')],
    [`a bad ${envVar}`, () => [[], { [envVar]: '70000' }], 2, notAPort(`${envVar}=70000`)],
    [
      'a word without its flag',
      () => [['4011']],
      2,
      `${command}: unexpected argument 4011; options have names and, after npm run, follow -- (see ${command} -- --help)`,
    ],
    ['a busy port', () => [[...before, '--port', String(port())]], 1, busy],
    [`a busy ${envVar}`, () => [before, { [envVar]: String(port()) }], 1, busy],
  ] as const;
}
