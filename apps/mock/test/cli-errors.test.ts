import { portRefusals, refusal, tsxCommand } from '@tas/serve/testing';
import { describe, it } from 'vitest';

// Every bad argument gets one line naming the problem and the fix, a non-zero exit, and no stack.
const cli = new URL('../src/cli.ts', import.meta.url).pathname;

describe('npm run mock with a bad argument', () => {
  it.concurrent.each(portRefusals('npm run mock', 'MOCK_PORT'))(
    '%s',
    refusal((args) => tsxCommand(cli, args)),
  );
});
