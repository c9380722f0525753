import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));
let child: ChildProcess | undefined;
afterEach(() => {
  // The npm process and the tsx under it share a process group, started detached for this.
  try {
    if (child?.pid) process.kill(-child.pid, 'SIGTERM');
  } catch {
    // already gone (--help exits by itself)
  }
  child = undefined;
});

function run(args: string[]) {
  child = spawn('npm', ['run', '--silent', 'mock', '--', ...args], { cwd: root, detached: true });
  const output = { text: '' };
  child.stdout?.on('data', (d) => (output.text += d));
  child.stderr?.on('data', (d) => (output.text += d));
  return output;
}

async function until(output: { text: string }, pattern: RegExp): Promise<RegExpMatchArray> {
  for (let i = 0; i < 300; i++) {
    const m = output.text.match(pattern);
    if (m) return m;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no ${pattern} in: ${output.text}`);
}

it('npm run mock -- --port N serves /api/v2 and logs each request without the key', async () => {
  const output = run(['--port', '0']);
  const [, url] = await until(output, /listening on (http:\/\/[\d.:]+)\/api\/v2\//);
  const res = await fetch(`${url}/api/v2/record/`, { headers: { 'API-KEY': 'cli-secret' } });
  expect(res.status).toBe(200);
  await until(output, /GET \/api\/v2\/record\/ 200/);
  expect(output.text).not.toContain('cli-secret');
}, 30_000);

it('--help explains the flags', async () => {
  const output = run(['--help']);
  await until(output, /--port <n>[\s\S]*--dynamic/);
}, 30_000);
