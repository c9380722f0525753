// npm start's watch over the apps it runs in one process: one that dies is named, the others are
// stopped, and the process exits non-zero, instead of one crash taking all down unannounced.
import { AsyncLocalStorage } from 'node:async_hooks';

const current = new AsyncLocalStorage();

/** Runs `start` as the app `name`: what it starts (its server, requests, timers) stays attributed to it. */
export const asApp = (name, start) => current.run(name, start);

/**
 * The apps npm start runs. `report` prints a line, `trace` a stack, `exit` ends the process. A server that closes or
 * errs when npm start did not stop it, or an exception escaping an app's code (`failed`), is
 * reported as `npm start: <app> stopped: <why>`; the others are stopped and the exit code is 1.
 */
export function createSupervisor({
  report = (line) => console.error(line),
  exit = (code) => process.exit(code),
  trace = (stack) => console.error(stack),
} = {}) {
  const running = [];
  let stopping = false;

  async function stop(code) {
    stopping = true;
    await Promise.allSettled(running.map((r) => r.listening.close()));
    exit(code);
  }

  function died(name, why) {
    if (stopping) return;
    report(`npm start: ${name} stopped: ${why}; the others are stopped too`);
    void stop(1);
  }

  return {
    running,
    stop,
    /** Watches an app's server from now on. */
    add(name, listening, path) {
      running.push({ name, listening, path });
      listening.server.on('close', () => died(name, 'its server closed'));
      listening.server.on('error', (error) => died(name, error.message.split('\n')[0]));
    },
    /** An exception no app caught: named after the app whose code threw it, when one did. */
    failed(error) {
      const name = current.getStore();
      trace(error?.stack ?? String(error));
      died(name ?? 'npm start', `${name ? 'uncaught' : 'an uncaught'} ${error?.message?.split('\n')[0] ?? error}`);
    },
  };
}
