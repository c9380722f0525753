import { describe, expect, it } from 'vitest';
import { run } from '../src/testing.js';

// parseCommandLine ends the process on --help, so each case runs it in a child, as a CLI would.
const source = new URL('../src/command-line.ts', import.meta.url).pathname;
const cli = (args: string[]) => [
  process.execPath,
  '--import',
  'tsx',
  '--input-type=module',
  '-e',
  `import { parseCommandLine } from ${JSON.stringify(source)};
   const values = parseCommandLine('npm run x', 'Usage: npm run x', { port: { type: 'string' } }, ${JSON.stringify(args)});
   console.log(JSON.stringify(values));`,
];

describe('parseCommandLine', () => {
  it.each([
    [['--help'], 0, 'Usage: npm run x\n'],
    [['-h', '--port', '1'], 0, 'Usage: npm run x\n'],
    [['--port', '1'], 0, '{"port":"1"}\n'],
    [[], 0, '{}\n'],
  ])('%j', async (args, code, stdout) => {
    const ran = await run(cli(args));
    expect({ code: ran.code, stdout: ran.stdout, stderr: ran.stderr }).toEqual({ code, stdout, stderr: '' });
  });

  it('an unknown flag is a UsageError that points at --help', async () => {
    const ran = await run(cli(['--colour']));
    expect(ran.code).toBe(1);
    expect(ran.stderr).toContain('unknown option --colour; see npm run x -- --help');
  });
});
