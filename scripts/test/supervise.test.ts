import { describe, expect, it } from 'vitest';
import { createSupervisor, lastWords } from '../supervise.mjs';

// npm start's watch over its apps (scripts/supervise.mjs), with real child processes: each app dies
// as one can (an exception, an exit code, a signal, the heap running out), and is named with why.
const NAMES = ['mock', 'sandbox', 'docs'];

/** A child that says it is ready, then runs `then` (JS), and otherwise idles until stopped. */
const app = (then = '', flags: string[] = []) => [
  process.execPath,
  ...flags,
  '-e',
  `process.send({ ready: { url: 'http://x', path: '/' } }); setInterval(() => {}, 1000); ${then}`,
];

async function startThree(sandbox: string[]) {
  const lines: string[] = [];
  let exited!: (code: number) => void;
  const code = new Promise<number>((resolve) => (exited = resolve));
  const apps = createSupervisor({
    report: (line: string) => lines.push(line),
    exit: (c: number) => exited(c),
    stderr: () => {},
  });
  const ready = Promise.all(NAMES.map((name) => apps.start(name, name === 'sandbox' ? sandbox : app())));
  return { apps, lines, code, ready };
}

const allEnded = (apps: ReturnType<typeof createSupervisor>) =>
  apps.running.every(
    (a: { child: { exitCode: number | null; signalCode: string | null } }) =>
      a.child.exitCode !== null || a.child.signalCode !== null,
  );

describe('npm start names the app that stopped, and why, however it stopped', () => {
  it.each([
    // given the sandbox's code after it is ready → want the report after "sandbox stopped: "
    [
      'the heap runs out',
      app(
        'const a = []; setImmediate(function grow() { for (let i = 0; i < 100; i++) a.push(new Array(1e5).fill(i)); setImmediate(grow); });',
        ['--max-old-space-size=24'],
      ),
      /^it ran out of memory \(killed by SIGABRT\); its last words: FATAL ERROR: .*JavaScript heap out of memory$/,
    ],
    [
      'an exit code, with a last line on stderr',
      app(
        "setImmediate(() => { console.error('the database is locked'); console.error('    at open (db.js:1:1)'); process.exit(3); });",
      ),
      /^its process exited with code 3; its last words: the database is locked$/,
    ],
    [
      'an exception it reports itself (scripts/start-app.mjs does)',
      app(
        "setImmediate(() => { console.error('Error: sandbox broke'); process.send({ stopped: 'uncaught sandbox broke' }, () => process.exit(1)); });",
      ),
      /^uncaught sandbox broke; its last words: Error: sandbox broke$/,
    ],
    [
      'a signal',
      app("setImmediate(() => process.kill(process.pid, 'SIGKILL'));"),
      /^killed by SIGKILL \(the system, perhaps out of memory, or kill -9\)$/,
    ],
  ])('%s', async (_name, sandbox, want) => {
    const { apps, lines, code } = await startThree(sandbox);
    expect(await code).toBe(1);
    expect(lines).toHaveLength(1);
    const [line = ''] = lines;
    expect(line).toMatch(/^npm start: sandbox stopped: .*; the others are stopped too$/);
    expect(line.replace(/^npm start: sandbox stopped: /, '').replace(/; the others are stopped too$/, '')).toMatch(
      want,
    );
    expect(allEnded(apps)).toBe(true);
  });

  it('Ctrl-C stops them all without a report, exit 0', async () => {
    const { apps, lines, code, ready } = await startThree(app());
    await ready;
    void apps.stop(0);
    expect(await code).toBe(0);
    expect(lines).toEqual([]);
    expect(allEnded(apps)).toBe(true);
  });
});

describe('lastWords', () => {
  it.each([
    // given stderr → want the telling line
    ['Error: x\n    at f (a.js:1:1)\n    at g (b.js:2:2)\n', 'Error: x'],
    [
      '<--- Last few GCs --->\nFATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory\n 1: 0xb7a940 node::Abort() [node]\n',
      'FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory',
    ],
    ['', undefined],
  ])('%j → %s', (stderr, want) => expect(lastWords(stderr)).toBe(want));
});
