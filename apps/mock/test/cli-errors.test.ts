import { busyPort, refusal, tsxCommand } from '@tas/serve/testing';
import { describe, it } from 'vitest';

// Every bad argument gets one line naming the problem and the fix, a non-zero exit, and no stack.
const cli = new URL('../src/cli.ts', import.meta.url).pathname;

const port = busyPort();

const notAPort = (given: string) =>
  `npm run mock: ${given} is not a port; give a whole number from 0 to 65535 (0 picks a free one)`;

describe('npm run mock with a bad argument', () => {
  it.concurrent.each([
    ['an unknown flag', () => [['--colour']], 2, 'npm run mock: unknown option --colour; see npm run mock -- --help'],
    ['a port out of range', () => [['--port', '99999']], 2, notAPort('--port 99999')],
    ['a port that is no number', () => [['--port', 'abc']], 2, notAPort('--port abc')],
    ['a bad MOCK_PORT', () => [[], { MOCK_PORT: '70000' }], 2, notAPort('MOCK_PORT=70000')],
    [
      'a word without its flag',
      () => [['4011']],
      2,
      'npm run mock: unexpected argument 4011; options have names and, after npm run, follow -- (see npm run mock -- --help)',
    ],
    [
      'a busy port',
      () => [['--port', String(port())]],
      1,
      () => `npm run mock: port ${port()} is in use; choose another with --port or MOCK_PORT`,
    ],
    [
      'a busy MOCK_PORT',
      () => [[], { MOCK_PORT: String(port()) }],
      1,
      () => `npm run mock: port ${port()} is in use; choose another with --port or MOCK_PORT`,
    ],
  ] as const)(
    '%s',
    refusal((args) => tsxCommand(cli, args)),
  );
});
