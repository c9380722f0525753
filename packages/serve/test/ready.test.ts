import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
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
    [
      'the limit passes',
      "console.log('still starting'); setInterval(() => {}, 1000)",
      300,
      /no \/listening\/ from .* within 0\.3 s; it printed:\nstill starting\n$/,
    ],
  ])('%s', async (_, script, limitMs, want) => {
    const running = launch(node(script));
    await expect(running.waitFor(/listening/, limitMs)).rejects.toThrow(want);
    await running.stop();
  });

  it('launchReady stops the process it gave up on', async () => {
    const script = "console.log('pid ' + process.pid); setInterval(() => {}, 1000)";
    const error = await launchReady(node(script), /listening/, { limitMs: 500 }).catch((e: Error) => e);
    const pid = Number(/pid (\d+)/.exec(String(error))?.[1]);
    expect(pid).toBeGreaterThan(0);
    expect(alive(pid)).toBe(false);
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
  it('resolves once a server listens on the port, however late it starts', async () => {
    const port = await freePort();
    const waiting = waitForPort(port);
    const late = createServer();
    setTimeout(() => late.listen(port, '127.0.0.1'), 300);
    await waiting;
    late.close();
  });

  it('fails after its limit when nothing answers', async () => {
    const port = await freePort();
    await expect(waitForPort(port, '127.0.0.1', 300)).rejects.toThrow(
      `nothing answered on 127.0.0.1:${port} within 0.3 s`,
    );
  });
});
