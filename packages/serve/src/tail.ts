import type { Server } from 'node:http';
import { exposureWarning } from './binding.js';
import { STOP_TIMEOUT_MS } from './bounds.js';
import { type ListenKnobs, listenError } from './listen-error.js';
import { exitOnUsageError } from './usage-error.js';

/** A server a command started: the node server, and how to stop it. */
export interface Served {
  server: Server;
  close(): Promise<void>;
}

/** What a server command does once its flags are read (they are read in `prepare`, at the edge). */
export interface ServerCommand<T extends Served> {
  /** Where its port and host are set, for the line a busy port or a foreign host gets. */
  knobs: ListenKnobs;
  start(): Promise<T>;
  /** The line printed once it listens (the address, from the OS). */
  ready(served: T): string;
  /** What it is (`the sandbox`) and what anyone who reaches it can then do, for the exposure warning. */
  exposure: { what: string; reach: string };
  /** Lines for stderr before it starts (a flag that shows a key in `ps`). */
  warnings?: string[];
}

/** Where a command writes and how it ends: the process, unless a test passes its own. */
export interface CommandIO {
  out(line: string): void;
  err(line: string): void;
  exit(code: number): never;
  once(signal: 'SIGINT' | 'SIGTERM', listener: () => void): unknown;
}

const processIO: CommandIO = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  exit: (code) => process.exit(code),
  once: (signal, listener) => process.once(signal, listener),
};

/**
 * The tail every server command shares (the mock, the sandbox, the docs): reads its flags
 * (`prepare`), starts it, prints where it listens and a warning when that reaches beyond this
 * machine, and on SIGINT or SIGTERM closes it and exits 0; a close that fails, or that takes past
 * STOP_TIMEOUT_MS, is reported on stderr and exits 1 (a server that cannot stop cleanly says so). A
 * user's mistake is one line and exit 2 (1 for a busy port); anything else is rethrown.
 */
export async function runServer<T extends Served>(
  command: string,
  prepare: () => ServerCommand<T> | Promise<ServerCommand<T>>,
  io: CommandIO = processIO,
): Promise<T | undefined> {
  try {
    const o = await prepare();
    for (const warning of o.warnings ?? []) io.err(`warning: ${warning}`);
    const served = await o.start().catch((error: unknown) => {
      throw listenError(error, o.knobs);
    });
    io.out(o.ready(served));
    const warning = exposureWarning(served.server, o.exposure.what, o.exposure.reach);
    if (warning) io.err(warning);
    let stopping = false;
    const stop = () => {
      if (stopping) return;
      stopping = true;
      // A close that waits on work under way ends the process all the same, at the stated bound.
      const late = setTimeout(() => {
        io.err(`${command}: did not close within ${STOP_TIMEOUT_MS / 1000} s; exiting`);
        io.exit(1);
      }, STOP_TIMEOUT_MS);
      late.unref();
      served.close().then(
        () => {
          clearTimeout(late);
          io.exit(0);
        },
        (error: unknown) => {
          clearTimeout(late);
          io.err(`${command}: could not close cleanly: ${(error as Error)?.message ?? String(error)}`);
          io.exit(1);
        },
      );
    };
    io.once('SIGTERM', stop);
    io.once('SIGINT', stop);
    return served;
  } catch (error) {
    return exitOnUsageError(command, error, io.exit, io.err);
  }
}
