import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { READY_LIMIT_MS } from '../src/limits.js';
import { launch, launchReady, waitForPort } from '../src/testing.js';

const node = (script: string) => [process.execPath, '-e', script];
/** True while a process with this pid runs (a zombie, killed but not yet reaped by init, does not). */
const alive = (pid: number) => {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};

/** The pids whose command line holds `marker`. */
const withMarker = (marker: string) =>
  readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(marker);
      } catch {
        return false;
      }
    })
    .map(Number);

/** A port that was free a moment ago. */
async function freePort() {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('launchReady: waits for the line, however long it takes to come', () => {
  it.each([
    ['printed at once', "console.log('listening on http://x')"],
    ['printed after a while, on stderr', "setTimeout(() => console.error('listening on http://x'), 300)"],
    ['printed in pieces', "process.stdout.write('listen'); setTimeout(() => console.log('ing on http://x'), 200)"],
  ])('%s', async (_, script) => {
    const running = await launchReady(node(`${script}; setInterval(() => {}, 1000)`), /listening on (\S+)/);
    expect(running.ready[1]).toBe('http://x');
    expect(await running.stop()).toEqual({ code: null, signal: 'SIGTERM' });
  });
});

describe('a readiness that never comes fails with what the process printed', () => {
  it.each([
    [
      'the process exits first',
      "console.log('port busy'); process.exit(3)",
      undefined,
      /exited before printing \/listening\/; it printed:\nport busy\n$/,
    ],
    // The short limit starts once the line is printed: a busy machine may take longer than it to start node.
    [
      'the limit passes',
      "console.log('still starting'); setInterval(() => {}, 1000)",
      300,
      /no \/listening\/ from .* within 0\.3 s; it printed:\nstill starting\n$/,
    ],
  ])('%s', async (_, script, limitMs, want) => {
    const running = launch(node(script));
    if (limitMs) await running.waitFor(/still starting/);
    await expect(running.waitFor(/listening/, limitMs)).rejects.toThrow(want);
    await running.stop();
  });

  // Found by a marker in its command line, not by a line it prints: it may be given up on before it prints.
  it('launchReady stops the process it gave up on', async () => {
    const marker = `gave-up-${process.pid}-${Date.now()}`;
    const script = `/* ${marker} */ setInterval(() => {}, 1000)`;
    await expect(launchReady(node(script), /listening/, { limitMs: 500 })).rejects.toThrow('within 0.5 s');
    expect(withMarker(marker).filter(alive)).toEqual([]);
  });
});

describe('stop: the whole process group, and the exit waited for', () => {
  it('a grandchild (as npm starts tsx) goes too', async () => {
    const grandchild =
      "require('child_process').spawn(process.execPath, ['-e', 'console.log(\"grandchild \" + process.pid); setInterval(() => {}, 1000)'], { stdio: 'inherit' }); setInterval(() => {}, 1000)";
    const running = launch(node(grandchild));
    const pid = Number((await running.waitFor(/grandchild (\d+)/))[1]);
    expect(alive(pid)).toBe(true);
    await running.stop();
    await expect.poll(() => alive(pid)).toBe(false);
  });

  it('an exit code is reported, and stopping an exited process is no error', async () => {
    const running = launch(node('process.exit(4)'));
    expect(await running.exited).toEqual({ code: 4, signal: null });
    expect(await running.stop()).toEqual({ code: 4, signal: null });
  });
});

describe('waitForPort', () => {
  // Fails as it should: resolving before the server listens is caught at once, and never resolving
  // after it listens fails with its own message within READY_LIMIT_MS rather than by the test's timeout.
  it('resolves once a server listens on the port, however late it starts, and not before', async () => {
    const port = await freePort();
    const late = createServer();
    const waiting = waitForPort(port).then(() => ({ listeningWhenResolved: late.listening }));
    setTimeout(() => late.listen(port, '127.0.0.1'), 300);
    await new Promise((resolve) => late.once('listening', resolve));
    let timer: NodeJS.Timeout | undefined;
    const gaveUp = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(new Error(`waitForPort did not resolve within ${READY_LIMIT_MS / 1000} s of the server listening`)),
        READY_LIMIT_MS,
      );
    });
    try {
      expect(await Promise.race([waiting, gaveUp])).toEqual({ listeningWhenResolved: true });
    } finally {
      clearTimeout(timer);
      await new Promise((resolve) => late.close(resolve));
    }
  });

  it('fails after its limit when nothing answers', async () => {
    const port = await freePort();
    await expect(waitForPort(port, '127.0.0.1', 300)).rejects.toThrow(
      `nothing answered on 127.0.0.1:${port} within 0.3 s`,
    );
  });
});
