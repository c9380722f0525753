import { fileURLToPath } from 'node:url';
import { run } from '@tas/serve/testing';
import { describe, expect, it } from 'vitest';
import { queue, runLanes, spentLines } from '../test-lanes/lanes.mjs';

describe('the order packages start in', () => {
  it.each([
    [
      'the longest first, the rest in their order',
      ['openapi', 'apps/docs', 'apps/mock', 'scripts'],
      ['apps/docs', 'scripts', 'openapi', 'apps/mock'],
    ],
    ['none of the longest: their own order', ['openapi', 'apps/mock'], ['openapi', 'apps/mock']],
    ['nothing to run', [], []],
  ])('%s', (_, dirs, expected) => {
    expect(queue(dirs, ['apps/docs', 'packages/conformance', 'scripts'])).toEqual(expected);
  });
});

describe('runLanes', () => {
  /** A run per folder that ends when the test says, recording what ran at once. */
  function controlled(outcomes: Record<string, boolean | 'throws'>) {
    const running = new Set<string>();
    const started: string[] = [];
    let most = 0;
    const finish = new Map<string, () => void>();
    const runOne = (dir: string) =>
      new Promise<boolean>((resolve, reject) => {
        running.add(dir);
        started.push(dir);
        most = Math.max(most, running.size);
        finish.set(dir, () => {
          running.delete(dir);
          if (outcomes[dir] === 'throws') reject(new Error('no turbo'));
          else resolve(outcomes[dir] as boolean);
        });
      });
    const end = async (dir: string) => {
      await expect.poll(() => finish.has(dir)).toBe(true);
      finish.get(dir)?.();
    };
    return { runOne, end, started, most: () => most };
  }

  it('keeps at most N running, hands the next to the first lane free, and runs every one whatever failed', async () => {
    const c = controlled({ a: true, b: false, c: 'throws', d: true });
    const done = runLanes(['a', 'b', 'c', 'd'], 2, c.runOne);
    await c.end('b'); // a still runs: c takes b's lane
    await expect.poll(() => c.started).toEqual(['a', 'b', 'c']);
    await c.end('c');
    await c.end('a');
    await c.end('d');
    expect(await done).toEqual(['b', 'c']);
    expect(c.most()).toBe(2);
  });

  it('on one lane runs one at a time, in order', async () => {
    const c = controlled({ a: true, b: true });
    const done = runLanes(['a', 'b'], 1, c.runOne);
    await c.end('a');
    await c.end('b');
    expect(await done).toEqual([]);
    expect(c.started).toEqual(['a', 'b']);
    expect(c.most()).toBe(1);
  });
});

describe('what each lane spent', () => {
  it('is a line a folder, in the order they ended, a failure said', () => {
    const spent = new Map([
      ['apps/docs', '412 s'],
      ['scripts', '98 s, failed'],
    ]);
    expect(spentLines(spent, 420, 2)).toEqual([
      "Tests per folder (every package's tests ran in 420 s on 2 lanes):",
      `  ${'apps/docs'.padEnd(26)} 412 s`,
      `  ${'scripts'.padEnd(26)} 98 s, failed`,
    ]);
  });
});

describe('node scripts/test-lanes.mjs', () => {
  const script = fileURLToPath(new URL('../test-lanes.mjs', import.meta.url));
  it.each([
    [['--lanes', '0'], /^test-lanes: --lanes 0 is no whole number from 1 to 8; usage:/],
    [['--lanes', 'two'], /^test-lanes: --lanes two is no whole number from 1 to 8; usage:/],
    [['--colour'], /^test-lanes: Unknown option '--colour'.*usage:/],
  ])('refuses %j with one line and exit code 2', async (args, message) => {
    const ran = await run([process.execPath, script, ...args]);
    expect(ran.code).toBe(2);
    expect(ran.stderr).toMatch(message);
  });

  it('--help says what it does', async () => {
    const ran = await run([process.execPath, script, '--help']);
    expect(ran).toMatchObject({ code: 0 });
    expect(ran.stdout).toMatch(/runs every package's tests, at most N packages at once, the longest first/);
  });
});
