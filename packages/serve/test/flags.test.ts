import { describe, expect, it } from 'vitest';
import { parseFlags, UsageError } from '../src/index.js';

const options = {
  port: { type: 'string' },
  quiet: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;
const help = 'npm run mock -- --help';

describe('parseFlags', () => {
  it.each([
    ['unknown long option', ['--colour'], 'unknown option --colour; see npm run mock -- --help'],
    ['unknown short option', ['-x'], 'unknown option -x; see npm run mock -- --help'],
    [
      'a bare word (npm run without --)',
      ['5000'],
      'unexpected argument 5000; options have names and, after npm run, follow -- (see npm run mock -- --help)',
    ],
    ['a value missing', ['--port'], '--port needs a value, as in --port=VALUE; see npm run mock -- --help'],
    [
      'a value taken for the next flag',
      ['--port', '--quiet'],
      '--port needs a value, as in --port=VALUE; see npm run mock -- --help',
    ],
    ['a value on a switch', ['--quiet=1'], '--quiet takes no value; see npm run mock -- --help'],
    ['a value on a switch with a short name', ['--help=1'], '--help takes no value; see npm run mock -- --help'],
  ])('%s: %j', (_name, args, want) => {
    const error = (() => {
      try {
        parseFlags(options, args, help);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(UsageError);
    expect((error as UsageError).message).toBe(want);
    expect((error as UsageError).exitCode).toBe(2);
  });

  it('returns the values of good flags', () => {
    expect(parseFlags(options, ['--port', '0', '--quiet'], help)).toEqual({ port: '0', quiet: true });
  });
});
