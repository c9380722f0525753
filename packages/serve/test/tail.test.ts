import { EventEmitter } from 'node:events';
import { createServer, type Server } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { type CommandIO, listen, runServer, type ServerCommand, STOP_TIMEOUT_MS, UsageError } from '../src/index.js';

/** The command's process as a test sees it: the lines it wrote, how it exited, signals to send. */
function io() {
  const signals = new EventEmitter();
  const seen = { out: [] as string[], err: [] as string[], exits: [] as number[] };
  let exited: (code: number) => void = () => {};
  const exit = new Promise<number>((resolve) => {
    exited = resolve;
  });
  const tail: CommandIO = {
    out: (line) => seen.out.push(line),
    err: (line) => seen.err.push(line),
    exit: ((code: number) => {
      seen.exits.push(code);
      exited(code);
    }) as CommandIO['exit'],
    once: (signal, listener) => signals.once(signal, listener),
  };
  return { tail, seen, exit, signal: (name: 'SIGINT' | 'SIGTERM') => signals.emit(name) };
}

const opened: Server[] = [];
afterAll(() => {
  for (const server of opened) server.close();
});

/** A command that serves on `host`, whose close may fail. */
const command =
  (host: string, closing: 'ok' | 'fails' | 'hangs' = 'ok', port = 0) =>
  (): ServerCommand<{
    server: Server;
    close(): Promise<void>;
  }> => ({
    knobs: { port: ['--port', 'X_PORT'], host: ['--host', 'X_HOST'] },
    start: async () => {
      const server = createServer((_req, res) => res.end('ok'));
      opened.push(server);
      const listening = await listen(server, port, host);
      return {
        server,
        close: () =>
          closing === 'ok'
            ? listening.close()
            : closing === 'hangs'
              ? new Promise<void>(() => {})
              : Promise.reject(new Error('the database is busy')),
      };
    },
    ready: (s) => `x listening on port ${(s.server.address() as { port: number }).port}`,
    exposure: { what: 'x', reach: 'anyone can call it' },
    warnings: ['--key is visible in ps'],
  });

describe('runServer: the tail of every server command', () => {
  it('prints where it listens, then on SIGTERM closes and exits 0', async () => {
    const p = io();
    await runServer('x', command('127.0.0.1'), p.tail);
    expect(p.seen.out).toEqual([expect.stringMatching(/^x listening on port \d+$/)]);
    expect(p.seen.err).toEqual(['warning: --key is visible in ps']);
    p.signal('SIGTERM');
    expect(await p.exit).toBe(0);
  });

  it('warns when it listens beyond loopback', async () => {
    const p = io();
    await runServer('x', command('0.0.0.0'), p.tail);
    expect(p.seen.err[1]).toMatch(
      /^warning: x listens on http:\/\/0\.0\.0\.0:\d+ \(every interface\): anyone can call it/,
    );
    p.signal('SIGINT');
    expect(await p.exit).toBe(0);
  });

  it('a close that fails is said on stderr and exits 1, never 0', async () => {
    const p = io();
    await runServer('x', command('127.0.0.1', 'fails'), p.tail);
    p.signal('SIGTERM');
    expect(await p.exit).toBe(1);
    expect(p.seen.err.at(-1)).toBe('x: could not close cleanly: the database is busy');
  });

  it(`a close that never ends: the process exits 1 all the same, within ${STOP_TIMEOUT_MS / 1000} s`, async () => {
    const p = io();
    await runServer('x', command('127.0.0.1', 'hangs'), p.tail);
    const signalled = performance.now();
    p.signal('SIGTERM');
    expect(await p.exit).toBe(1);
    expect(performance.now() - signalled).toBeGreaterThanOrEqual(STOP_TIMEOUT_MS - 50);
    expect(p.seen.err.at(-1)).toBe(`x: did not close within ${STOP_TIMEOUT_MS / 1000} s; exiting`);
  });

  it.each([
    [
      'a bad flag',
      () => Promise.reject(new UsageError('unknown option --colour; see x --help')),
      2,
      'x: unknown option --colour; see x --help',
    ],
  ] as const)('%s: one line, exit %s', async (_, prepare, code, line) => {
    const p = io();
    await runServer('x', prepare, p.tail);
    expect([p.seen.exits, p.seen.err]).toEqual([[code], [line]]);
  });

  it('a busy port: one line naming the knobs that move it, exit 1', async () => {
    const busy = createServer();
    opened.push(busy);
    const { url } = await listen(busy, 0, '127.0.0.1');
    const p = io();
    const port = Number(new URL(url).port);
    await runServer('x', command('127.0.0.1', 'ok', port), p.tail);
    expect([p.seen.exits, p.seen.err.at(-1)]).toEqual([
      [1],
      `x: port ${port} is in use; choose another with --port or X_PORT`,
    ]);
  });
});
