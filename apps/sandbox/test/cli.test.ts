import { spawn, spawnSync } from 'node:child_process';
import { expect, it } from 'vitest';

const cli = new URL('../src/cli.ts', import.meta.url).pathname;
const args = (...rest: string[]) => ['--import', 'tsx', cli, ...rest];

it('--help names every flag and its environment variable', () => {
  const run = spawnSync(process.execPath, args('--help'), { encoding: 'utf8' });
  expect(run.status).toBe(0);
  for (const word of ['--port', '--db', '--key-sms', '--key-instant', '--no-rate-limit', 'SANDBOX_DB', '4020'])
    expect(run.stdout).toContain(word);
});

it('an unknown flag exits 2 with one line that points at the help', () => {
  const run = spawnSync(process.execPath, args('--colour'), { encoding: 'utf8' });
  expect(run.status).toBe(2);
  expect(run.stderr).toBe('npm run sandbox: unknown option --colour; see npm run sandbox -- --help\n');
});

it('logs one line per request without the API key, and stops cleanly on SIGTERM', async () => {
  const child = spawn(process.execPath, args('--port', '0', '--key-sms', 'secret-key-123'), {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (c: Buffer) => {
    out += c.toString();
  });
  const url = await new Promise<string>((resolve) => {
    const timer = setInterval(() => {
      const found = /listening on (http:\/\/\S+)/.exec(out)?.[1];
      if (!found) return;
      clearInterval(timer);
      resolve(found);
    }, 20);
  });
  const reply = await fetch(`${url}/api/v2/record/`, {
    headers: { 'API-KEY': 'secret-key-123', Origin: 'http://localhost:3000' },
  });
  expect(reply.status).toBe(200);
  expect(reply.headers.get('access-control-allow-origin')).toBe('*');
  const preflight = await fetch(`${url}/api/v2/record/`, { method: 'OPTIONS' });
  expect(preflight.headers.get('access-control-allow-headers')).toContain('API-KEY');
  const code = await new Promise<number | null>((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
  expect(code).toBe(0);
  const lines = out.split('\n').filter((l) => l.startsWith('GET') || l.startsWith('OPTIONS'));
  expect(lines).toEqual([expect.stringMatching(/^GET \/api\/v2\/record\/ 200 /), expect.stringMatching(/^OPTIONS /)]);
  expect(out).not.toContain('secret-key-123');
});
