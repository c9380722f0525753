import { fileURLToPath } from 'node:url';
import { busyPort, expectOneLine, refusal, run } from '@tas/serve/testing';
import { describe, expect, it } from 'vitest';

// npm start's bad arguments: one line naming the problem and the fix, a non-zero exit, no stack,
// and nothing left listening.
const root = fileURLToPath(new URL('../..', import.meta.url));
const start = (...args: string[]) => [process.execPath, 'scripts/start.mjs', ...args];

const port = busyPort();

const free = { MOCK_PORT: '0', SANDBOX_PORT: '0', DOCS_PORT: '0', DOCS_OUT_DIR: '/nonexistent/never-built' };
const portFlag =
  'npm start: --port is not an option of npm start, which starts three servers; set MOCK_PORT, SANDBOX_PORT ' +
  'or DOCS_PORT (e.g. SANDBOX_PORT=5000 npm start), or start one alone (npm run sandbox -- --port 5000)';

describe('npm start with a bad argument', () => {
  it.each([
    ['--port', () => [start('--port', '5000')], 2, portFlag],
    ['--port=N', () => [start('--port=5000')], 2, portFlag],
    [
      '--db',
      () => [start('--db', 'x.db')],
      2,
      'npm start: --db is not an option of npm start, which starts three servers; start the sandbox alone with it (npm run sandbox -- --db PATH)',
    ],
    ['an unknown flag', () => [start('--colour')], 2, 'npm start: unknown option --colour; see npm start -- --help'],
    [
      'a word without a flag',
      () => [start('5000')],
      2,
      'npm start: unexpected argument 5000; options have names and, after npm run, follow -- (see npm start -- --help)',
    ],
    [
      'a bad SANDBOX_PORT',
      () => [start(), { SANDBOX_PORT: '99999' }],
      2,
      'npm start: SANDBOX_PORT=99999 is not a port; give a whole number from 0 to 65535 (0 picks a free one)',
    ],
    [
      'a busy MOCK_PORT',
      () => [start(), { ...free, MOCK_PORT: String(port()) }],
      1,
      () => `npm start: port ${port()} (mock) is in use; choose another with MOCK_PORT`,
    ],
    [
      'a busy SANDBOX_PORT, after the mock started',
      () => [start(), { ...free, SANDBOX_PORT: String(port()) }],
      1,
      () => `npm start: port ${port()} (sandbox) is in use; choose another with SANDBOX_PORT`,
    ],
  ] as const)(
    '%s',
    refusal((command) => command, root),
  );

  // The npm script builds what is missing before start.mjs reads its flags: a first build's progress
  // lines may come first (a test running beside this one may have changed a build's inputs).
  it('--port, as the npm script gets it', async () => {
    const ran = await run(['npm', 'start', '--silent', '--', '--port', '5000'], {}, root);
    const progress = /^(Building what .* need .*|Built in [\d.]+ s\.)$/;
    const stderr = ran.stderr
      .split('\n')
      .filter((line) => !progress.test(line))
      .join('\n');
    expectOneLine({ ...ran, stderr }, 2, portFlag);
  });

  it('--help names the port variables and says it builds first', async () => {
    const { code, stdout } = await run(start('--help'), {}, root);
    expect(code).toBe(0);
    for (const word of ['MOCK_PORT', 'SANDBOX_PORT', 'DOCS_PORT', 'builds'])
      expect([word, stdout.includes(word)]).toEqual([word, true]);
  });
});
