import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { malformedRequests, sendRaw } from '@tas/serve/malformed';
import { afterAll, expect, it } from 'vitest';

// `npm start` (scripts/start.mjs) is the README's main command; this runs it on free ports.
const root = fileURLToPath(new URL('../../..', import.meta.url));
let child: ChildProcess | undefined;
afterAll(() => {
  if (child?.exitCode === null) child.kill('SIGKILL');
});

it('npm start serves the mock, the sandbox and the docs, and Ctrl-C stops them all', async () => {
  const outDir = join(mkdtempSync(join(tmpdir(), 'tas-start-')), 'dist');
  const env = { ...process.env, MOCK_PORT: '0', SANDBOX_PORT: '0', DOCS_PORT: '0', DOCS_OUT_DIR: outDir };
  child = spawn(process.execPath, ['scripts/start.mjs'], { cwd: root, env });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child?.on('exit', (code) => resolve(code)));
  await expect
    .poll(() => output, { timeout: 90_000, interval: 200 })
    .toMatch(/Running \(Ctrl-C stops all\):[\s\S]*docs/);

  const urls = Object.fromEntries([...output.matchAll(/^ {2}(\w+) +(http:\S+)$/gm)].map((m) => [m[1], m[2]]));
  expect(Object.keys(urls)).toEqual(expect.arrayContaining(['mock', 'docs']));
  if (!urls.sandbox) expect(output).toContain('[sandbox] not available');
  const key = urls.sandbox ? 'sandbox-key-sms' : 'any';
  for (const name of ['mock', 'sandbox'].filter((n) => urls[n])) {
    const res = await fetch(`${urls[name]}record/`, { headers: { 'API-KEY': key } });
    expect([name, res.status]).toEqual([name, 200]);
  }
  expect((await fetch(urls.docs as string)).status).toBe(200);

  // No request to the docs port ends npm start (`/%` once took all three down).
  for (const [name, request] of Object.entries(malformedRequests({ prefix: '' }))) {
    const { status = 0 } = await sendRaw(urls.docs as string, request);
    expect([name, status < 500]).toEqual([name, true]);
  }
  expect(child.exitCode).toBe(null);
  for (const url of Object.values(urls) as string[])
    expect([url, (await fetch(url)).status < 500]).toEqual([url, true]);

  child.kill('SIGINT');
  expect(await exited).toBe(0);
  await expect(fetch(urls.docs as string)).rejects.toThrow();
}, 120_000);
