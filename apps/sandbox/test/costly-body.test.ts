// Issue 43's freeze, as it was made: a small body of nulls to POST /api/v2/record/{any uuid}/ (8,000
// nulls froze every partner 11.4 s; 100 KB, 96 s; 1 MB never answered and SIGTERM went unheard), and
// 64,000 nulls in a roadmap authentication's roles (88 s). Each is now refused at its first fault, in
// its own key's turn, while another partner is served, and SIGTERM ends the sandbox amid the flood.
import { randomUUID } from 'node:crypto';
import { BODY_LIMIT } from '@tas/openapi';
import { launchReady, type Running } from '@tas/serve/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { INSTANT_KEY, SMS_KEY } from './helpers.js';

const running: Running[] = [];
afterAll(async () => {
  for (const child of running) await child.stop('SIGKILL');
});

const nulls = (bytes: number) => Math.floor((Math.min(bytes, BODY_LIMIT) - 64) / 5);

const ATTACKS = [
  ['8,000 nulls in an answer array (40 KB)', 'record', 8_000],
  ['an answer array of 100 KB of nulls', 'record', nulls(100 * 1024)],
  ['an answer array of 1 MB of nulls, just within the byte bound', 'record', nulls(BODY_LIMIT)],
  ['64,000 nulls in a roadmap authentication roles', 'roadmap', 64_000],
] as const;

function attack(url: string, kind: 'record' | 'roadmap', count: number) {
  const body =
    kind === 'record' ? { record: Array(count).fill(null) } : { mobile: '09121234567', roles: Array(count).fill(null) };
  const path = kind === 'record' ? `/api/v2/record/${randomUUID()}/` : `/api/v2/roadmap/${randomUUID()}/auth/`;
  return fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'API-KEY': SMS_KEY, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  }).then(async (r) => ({ status: r.status, messages: (await r.json()).messages as { field?: string }[] }));
}

describe('a costly body costs its own key, in proportion to its bytes', async () => {
  const cli = new URL('../src/cli.ts', import.meta.url).pathname;
  const sandbox = await launchReady(
    [process.execPath, '--import', 'tsx', cli, '--port', '0', '--quiet', '--no-rate-limit'],
    /listening on (http:\/\/\S+)/,
  );
  running.push(sandbox);
  const url = sandbox.ready[1] as string;

  it.each(ATTACKS)('%s: 400, its one fault named (the array too long)', async (_, kind, count) => {
    const answer = await attack(url, kind, count);
    expect(answer.status).toBe(400);
    expect(answer.messages.map((m) => m.field)).toEqual([kind === 'record' ? '/record' : '/roles']);
  });

  it('while a partner sends them all at once, again and again, another partner is served; SIGTERM ends it', async () => {
    let flooding = true;
    const flood = (async () => {
      while (flooding) await Promise.all(ATTACKS.map(([, kind, count]) => attack(url, kind, count).catch(() => {})));
    })();
    const served = await Promise.all(
      Array.from({ length: 5 }, () => fetch(`${url}/api/v2/record/`, { headers: { 'API-KEY': INSTANT_KEY } })),
    );
    expect(served.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    sandbox.child.kill('SIGTERM');
    const exit = await sandbox.exited;
    flooding = false;
    await flood;
    expect(exit.code).toBe(0);
  });
});
