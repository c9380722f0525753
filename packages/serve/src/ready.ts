// A child process that tests wait on by readiness (the line it prints, a port that answers), never
// by a fixed time; and its teardown: the whole process group (npm, then tsx, then node) is stopped.
import { type ChildProcess, spawn } from 'node:child_process';
import { connect } from 'node:net';
import { READY_LIMIT_MS } from './limits.js';

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface Running {
  readonly child: ChildProcess;
  /** Everything printed so far, stdout and stderr interleaved. */
  output(): string;
  /** The first match of `pattern` in the output; fails, with the output so far, on exit or after `limitMs`. */
  waitFor(pattern: RegExp, limitMs?: number): Promise<RegExpMatchArray>;
  /** Resolves when the process has exited (at once if it has). */
  readonly exited: Promise<Exit>;
  /** Signals the process group and waits for the exit; SIGKILL if it is still there after the limit. */
  stop(signal?: NodeJS.Signals): Promise<Exit>;
}

export interface LaunchOptions {
  /** Added to this process's environment. */
  env?: Record<string, string>;
  cwd?: string;
}

const live = new Set<ChildProcess>();
let reaping = false;
/** A test run that ends abruptly still leaves no server behind. */
function reapOnExit() {
  if (reaping) return;
  reaping = true;
  process.once('exit', () => {
    for (const child of live) signalGroup(child, 'SIGKILL');
  });
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals) {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    // The group is gone already.
  }
}

/** Starts `command` (file first, then its arguments) in its own process group. */
export function launch(command: readonly string[], { env = {}, cwd }: LaunchOptions = {}): Running {
  const [file, ...args] = command as [string, ...string[]];
  const child = spawn(file, args, { cwd, env: { ...process.env, ...env }, detached: true });
  live.add(child);
  reapOnExit();
  let text = '';
  const listeners = new Set<() => void>();
  const seen = (chunk: Buffer) => {
    text += chunk;
    for (const listener of listeners) listener();
  };
  child.stdout?.on('data', seen);
  child.stderr?.on('data', seen);
  const exited = new Promise<Exit>((resolve) => {
    child.once('error', (error) => {
      text += `${error.message}\n`;
      resolve({ code: null, signal: null });
    });
    child.once('close', (code, signal) => resolve({ code, signal }));
  }).finally(() => live.delete(child));
  let gone = false;
  void exited.then(() => {
    gone = true;
    for (const listener of listeners) listener();
  });

  const waitFor = (pattern: RegExp, limitMs = READY_LIMIT_MS) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        listeners.delete(check);
      };
      const check = () => {
        const match = text.match(pattern);
        if (match) {
          done();
          resolve(match);
        } else if (gone) {
          done();
          reject(new Error(`${command.join(' ')} exited before printing ${pattern}; it printed:\n${text}`));
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`no ${pattern} from ${command.join(' ')} within ${limitMs / 1000} s; it printed:\n${text}`));
      }, limitMs);
      listeners.add(check);
      check();
    });

  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (gone) return exited;
    signalGroup(child, signal);
    const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), READY_LIMIT_MS);
    const exit = await exited;
    clearTimeout(timer);
    // Whatever the leader left behind in its group (npm's tsx, for one).
    signalGroup(child, 'SIGKILL');
    return exit;
  };

  return { child, output: () => text, waitFor, exited, stop };
}

/** `launch`, then its readiness: resolves once `ready` matches the output; stops the process if it never does. */
export async function launchReady(
  command: readonly string[],
  ready: RegExp,
  { limitMs, ...options }: LaunchOptions & { limitMs?: number } = {},
): Promise<Running & { ready: RegExpMatchArray }> {
  const running = launch(command, options);
  try {
    return { ...running, ready: await running.waitFor(ready, limitMs) };
  } catch (error) {
    await running.stop('SIGKILL');
    throw error;
  }
}

/** Resolves once something accepts a TCP connection on `port` (at `host`); fails after `limitMs`. */
export async function waitForPort(port: number, host = '127.0.0.1', limitMs = READY_LIMIT_MS): Promise<void> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const error = await new Promise<Error | undefined>((resolve) => {
      const socket = connect({ port, host }, () => {
        socket.end();
        resolve(undefined);
      });
      socket.once('error', resolve);
    });
    if (!error) return;
    if (Date.now() > deadline)
      throw new Error(`nothing answered on ${host}:${port} within ${limitMs / 1000} s: ${error.message}`);
    // Between attempts only; the limit above is what bounds the wait.
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
