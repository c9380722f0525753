import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchReady, type Running } from '@tas/serve/testing';
import { afterAll, expect, it } from 'vitest';
import { client, INSTANT_KEY } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'sandbox-durability-'));
const db = join(dir, 'sandbox.db');
const children: Running[] = [];
afterAll(async () => {
  for (const child of children) await child.stop('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/** The CLI in a child process on a free port, with a file database; resolves to its URL. */
async function launch(): Promise<{ url: string; child: ChildProcess }> {
  const cli = new URL('../src/cli.ts', import.meta.url).pathname;
  const sandbox = await launchReady(
    [process.execPath, '--import', 'tsx', cli, '--port', '0', '--db', db, '--no-rate-limit', '--quiet'],
    /listening on (http:\/\/\S+)/,
  );
  children.push(sandbox);
  return { url: sandbox.ready[1] as string, child: sandbox.child };
}

it('kill -9 during a load of submissions loses none that were acknowledged', async () => {
  const first = await launch();
  const api = client(first.url, INSTANT_KEY);
  const tokens = await Promise.all(Array.from({ length: 120 }, () => api.record('career-interest', 'authenticated')));
  const acknowledged: string[] = [];
  let killed = false;
  // Submissions stream in, 10 at a time; the process is killed once 30 are acknowledged.
  const queue = [...tokens];
  const worker = async () => {
    for (let token = queue.shift(); token && !killed; token = queue.shift()) {
      try {
        const reply = await api.post(`/api/v2/record/${token}/`, { record: [101, 202, 'پاسخ'] });
        if (reply.status === 200) acknowledged.push(token);
        if (acknowledged.length >= 30 && !killed) {
          killed = true;
          first.child.kill('SIGKILL');
        }
      } catch {
        // The connection died with the process: not acknowledged.
      }
    }
  };
  await Promise.all(Array.from({ length: 10 }, worker));
  expect(killed).toBe(true);
  // A child killed by a signal has exitCode null and signalCode set; its exit may already be past.
  const gone = () => first.child.exitCode !== null || first.child.signalCode !== null;
  await new Promise((resolve) => (gone() ? resolve(null) : first.child.once('exit', resolve)));

  const second = await launch();
  const again = client(second.url, INSTANT_KEY);
  const states = await Promise.all(acknowledged.map((token) => again.get(`/api/v2/record/${token}/`)));
  expect(states.map((s) => s.body.data?.status)).toEqual(acknowledged.map(() => 1));
  // Every created record survived too (their creation was acknowledged before the load).
  const created = await Promise.all(tokens.map((token) => again.get(`/api/v2/record/${token}/`)));
  expect(created.filter((c) => c.status !== 200)).toEqual([]);
  second.child.kill('SIGTERM');
});
