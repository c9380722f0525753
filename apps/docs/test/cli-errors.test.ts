import { expectOneLine, portRefusals, refusal, run, tsxCommand } from '@tas/serve/testing';
import { describe, it } from 'vitest';

// Every bad argument gets one line naming the problem and the fix, a non-zero exit, and no stack.
const serve = new URL('../src/cli/serve.ts', import.meta.url).pathname;
const build = new URL('../src/cli/build.ts', import.meta.url).pathname;

describe('npm run docs with a bad argument', () => {
  it.concurrent.each([...portRefusals('npm run docs', 'DOCS_PORT', ['--no-build'])] as const)(
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
