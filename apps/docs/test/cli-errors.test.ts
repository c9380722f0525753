import { busyPort, expectOneLine, refusal, run, tsxCommand } from '@tas/serve/testing';
import { describe, it } from 'vitest';

// Every bad argument gets one line naming the problem and the fix, a non-zero exit, and no stack.
const serve = new URL('../src/cli/serve.ts', import.meta.url).pathname;
const build = new URL('../src/cli/build.ts', import.meta.url).pathname;

const port = busyPort();

const notAPort = (given: string) =>
  `npm run docs: ${given} is not a port; give a whole number from 0 to 65535 (0 picks a free one)`;

describe('npm run docs with a bad argument', () => {
  it.concurrent.each([
    ['an unknown flag', () => [['--colour']], 2, 'npm run docs: unknown option --colour; see npm run docs -- --help'],
    ['a port out of range', () => [['--port', '99999']], 2, notAPort('--port 99999')],
    ['a port that is no number', () => [['--port', 'abc']], 2, notAPort('--port abc')],
    ['a bad DOCS_PORT', () => [[], { DOCS_PORT: '70000' }], 2, notAPort('DOCS_PORT=70000')],
    [
      'a word without its flag',
      () => [['4011']],
      2,
      'npm run docs: unexpected argument 4011; options have names and, after npm run, follow -- (see npm run docs -- --help)',
    ],
    [
      'a busy port',
      () => [['--no-build', '--port', String(port())]],
      1,
      () => `npm run docs: port ${port()} is in use; choose another with --port or DOCS_PORT`,
    ],
    [
      'a busy DOCS_PORT',
      () => [['--no-build'], { DOCS_PORT: String(port()) }],
      1,
      () => `npm run docs: port ${port()} is in use; choose another with --port or DOCS_PORT`,
    ],
  ] as const)(
    '%s',
    refusal((args) => tsxCommand(serve, args)),
  );
});

describe('npm run build -w @tas/docs with a bad argument', () => {
  it.each([
    [['--colour'], 'npm run build -w @tas/docs: unknown option --colour; see npm run build -w @tas/docs -- --help'],
    [
      ['--out'],
      'npm run build -w @tas/docs: --out needs a value, as in --out=VALUE; see npm run build -w @tas/docs -- --help',
    ],
    [
      ['--out', `${build}/site`],
      `npm run build -w @tas/docs: --out ${build}/site: cannot write there (ENOTDIR); choose another folder`,
    ],
    [
      ['--sandbox-url', 'sandbox.tas.example'],
      'npm run build -w @tas/docs: --sandbox-url sandbox.tas.example is not an http(s) address; give e.g. https://sandbox.tas.example',
    ],
    [
      ['--mock-url', 'ftp://mock.tas.example'],
      'npm run build -w @tas/docs: --mock-url ftp://mock.tas.example is not an http(s) address; give e.g. https://sandbox.tas.example',
    ],
  ])('%j', async (args, want) => expectOneLine(await run(tsxCommand(build, args)), 2, want));
});
