// npm start's watch over the apps it runs, each in a process of its own: one that dies, however it
// dies (an exception, an exit, a signal, the heap running out), is named with why and its last words
// on stderr, the others are stopped, and npm start exits non-zero. One app running out of memory no
// longer takes the others with it unannounced.
import { spawn } from 'node:child_process';

/** A line of a native or JS stack (`    at f (x.js:1:2)`, ` 1: 0xb7a940 node::Abort()`), never the telling one. */
const FRAME = /^\s*(at |\d+: 0x|-{3,}|<--- |\[\d+:0x[0-9a-f]+\]|Security context:|#\s)/;

/** The line of stderr that says most: a fatal error of node's (out of memory) first, else the last that is no stack frame. */
export function lastWords(stderr) {
  const lines = stderr
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  return lines.find((l) => /FATAL ERROR|out of memory/i.test(l)) ?? lines.filter((l) => !FRAME.test(l)).at(-1);
}

/** Why a child ended, in words: what it said it died of, else running out of memory, a signal, an exit code. */
export function whyEnded({ code, signal, said, stderr }) {
  const words = lastWords(stderr);
  const tail = words && words !== said ? `; its last words: ${words.slice(0, 300)}` : '';
  if (said) return `${said}${tail}`;
  if (/JavaScript heap out of memory|Reached heap limit|Allocation failed/.test(stderr))
    return `it ran out of memory (${signal ? `killed by ${signal}` : `exit code ${code}`})${tail}`;
  if (signal)
    return `killed by ${signal}${signal === 'SIGKILL' ? ' (the system, perhaps out of memory, or kill -9)' : ''}${tail}`;
  return `its process exited with code ${code}${tail}`;
}

/**
 * The apps npm start runs. `start(name, command)` spawns one (its stdout passed through, its stderr
 * passed through and kept) and resolves once it says it listens (`{ url, path }`) or that it is not
 * available (`{ unavailable }`). An app's process speaks over IPC: `{ ready: { url, path } }`,
 * `{ unavailable }`, `{ usage, exitCode }` (a user's mistake, printed as is), `{ fatal }` (it could
 * not start), `{ stopped }` (it is about to end, and why). Any end npm start did not ask for is
 * reported as `npm start: <app> stopped: <why>`, the others are stopped and the exit code is 1.
 */
export function createSupervisor({
  report = (line) => console.error(line),
  exit = (code) => process.exit(code),
  stderr = (text) => process.stderr.write(text),
} = {}) {
  const running = [];
  let stopping = false;

  async function stop(code) {
    if (stopping) return;
    stopping = true;
    await Promise.all(
      running.map(
        (app) =>
          new Promise((resolve) => {
            const { exitCode, signalCode } = app.child;
            if (app.ended || exitCode !== null || signalCode !== null) return resolve();
            app.child.once('exit', resolve);
            app.child.kill('SIGTERM');
            // One that does not stop when asked (stuck in a loop) is not waited for forever.
            setTimeout(() => app.child.kill('SIGKILL'), 10_000).unref();
          }),
      ),
    );
    exit(code);
  }

  function start(name, [file, ...args], { env } = {}) {
    const child = spawn(file, args, { stdio: ['ignore', 'inherit', 'pipe', 'ipc'], env: { ...process.env, ...env } });
    const app = { name, child, ended: false, url: undefined, path: undefined };
    running.push(app);
    let tail = '';
    let said;
    child.stderr.on('data', (chunk) => {
      stderr(chunk);
      tail = (tail + chunk).slice(-8192);
    });
    return new Promise((resolve) => {
      child.on('message', (message) => {
        if (message.ready) {
          Object.assign(app, message.ready);
          resolve(message.ready);
        } else if (message.unavailable) {
          app.unavailable = true;
          resolve({ unavailable: message.unavailable });
        } else if (message.usage) {
          report(`npm start: ${message.usage}`);
          void stop(message.exitCode ?? 2);
        } else if (message.fatal) {
          report(`npm start: ${message.fatal}`);
          void stop(1);
        } else if (message.stopped) said = message.stopped;
      });
      // Its stderr is read to its end first, so that the last words are there.
      child.on('close', (code, signal) => {
        app.ended = true;
        if (stopping || app.unavailable) return;
        report(
          `npm start: ${name} stopped: ${whyEnded({ code, signal, said, stderr: tail })}; the others are stopped too`,
        );
        void stop(1);
      });
    });
  }

  return { running, stop, start };
}
