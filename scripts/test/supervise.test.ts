import { createServer, type RequestListener } from 'node:http';
import { listen } from '@tas/serve';
import { expect, it } from 'vitest';
import { asApp, createSupervisor } from '../supervise.mjs';

// npm start's watch over its apps (scripts/supervise.mjs), with real servers. No request brings one
// down any more (apps/*/test/malformed.test.ts), so here one dies by being closed, or by its code
// throwing where nothing catches it.
const NAMES = ['mock', 'sandbox', 'docs'];

async function startThree(handler: (name: string) => RequestListener) {
  const lines: string[] = [];
  let exited!: (code: number) => void;
  const code = new Promise<number>((resolve) => (exited = resolve));
  const apps = createSupervisor({
    report: (line: string) => lines.push(line),
    exit: (c: number) => exited(c),
    trace: (stack: string) => lines.push(stack.split('\n')[0] as string),
  });
  for (const name of NAMES)
    apps.add(name, await asApp(name, () => listen(createServer(handler(name)), 0, '127.0.0.1')), '/');
  const app = (name: string) => apps.running.find((r: { name: string }) => r.name === name);
  return { apps, app, lines, code };
}

async function expectAllStopped(apps: ReturnType<typeof createSupervisor>) {
  for (const { listening } of apps.running) await expect(fetch(listening.url)).rejects.toThrow();
}

it('a server that closes unasked is named, the others are stopped, and npm start exits 1', async () => {
  const { apps, app, lines, code } = await startThree((name) => (_req, res) => res.end(name));
  expect(await (await fetch(app('sandbox').listening.url)).text()).toBe('sandbox');
  app('docs').listening.server.close();
  expect(await code).toBe(1);
  expect(lines).toEqual(['npm start: docs stopped: its server closed; the others are stopped too']);
  await expectAllStopped(apps);
});

it('an exception escaping an app’s request handler is named after that app', async () => {
  let apps!: ReturnType<typeof createSupervisor>;
  // What process.on('uncaughtException') hands on, thrown later in a request's own async context.
  const started = await startThree((name) => (_req, res) => {
    res.end(name);
    setImmediate(() => apps.failed(new Error(`${name} broke`)));
  });
  apps = started.apps;
  await fetch(started.app('sandbox').listening.url);
  expect(await started.code).toBe(1);
  expect(started.lines).toEqual([
    'Error: sandbox broke',
    'npm start: sandbox stopped: uncaught sandbox broke; the others are stopped too',
  ]);
  await expectAllStopped(apps);
});

it('Ctrl-C stops them all without a report, exit 0', async () => {
  const { apps, lines, code } = await startThree((name) => (_req, res) => res.end(name));
  void apps.stop(0);
  expect(await code).toBe(0);
  expect(lines).toEqual([]);
  await expectAllStopped(apps);
});
