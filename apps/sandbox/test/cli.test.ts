import { spawnSync } from 'node:child_process';
import { BODY_LIMIT } from '@tas/openapi';
import { MAX_CONNECTIONS, REQUEST_TIMEOUT_MS } from '@tas/serve';
import { launchReady } from '@tas/serve/testing';
import { expect, it } from 'vitest';

const cli = new URL('../src/cli.ts', import.meta.url).pathname;
const args = (...rest: string[]) => ['--import', 'tsx', cli, ...rest];

it('--help names every flag and its environment variable', () => {
  const run = spawnSync(process.execPath, args('--help'), { encoding: 'utf8' });
  expect(run.status).toBe(0);
  for (const word of ['--port', '--db', '--key-sms', '--key-instant', '--no-rate-limit', 'SANDBOX_DB', '4020'])
    expect(run.stdout).toContain(word);
  // The bounds, as stated once (@tas/openapi's body bounds, @tas/serve's bounds.ts).
  expect(run.stdout).toContain(`at most ${BODY_LIMIT / 1024 / 1024} MiB (413`);
  expect(run.stdout).toContain(`a whole request within ${REQUEST_TIMEOUT_MS / 1000} s (else 408)`);
  expect(run.stdout).toContain(`at most ${MAX_CONNECTIONS} connections`);
});

it('an unknown flag exits 2 with one line that points at the help', () => {
  const run = spawnSync(process.execPath, args('--colour'), { encoding: 'utf8' });
  expect(run.status).toBe(2);
  expect(run.stderr).toBe('npm run sandbox: unknown option --colour; see npm run sandbox -- --help\n');
});

it('logs one line per request without the API key, and stops cleanly on SIGTERM', async () => {
  const sandbox = await launchReady(
    [process.execPath, ...args('--port', '0', '--key-sms', 'secret-key-123')],
    /listening on (http:\/\/\S+)/,
  );
  const [, url] = sandbox.ready;
  try {
    const reply = await fetch(`${url}/api/v2/record/`, {
      headers: { 'API-KEY': 'secret-key-123', Origin: 'http://localhost:3000' },
    });
    expect(reply.status).toBe(200);
    // A page of this machine may call it; a website elsewhere gets no CORS header (src/http/cors.ts).
    expect(reply.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    const foreign = await fetch(`${url}/api/v2/record/`, {
      headers: { 'API-KEY': 'secret-key-123', Origin: 'https://attacker.example' },
    });
    expect(foreign.headers.get('access-control-allow-origin')).toBe(null);
    const preflight = await fetch(`${url}/api/v2/record/`, { method: 'OPTIONS' });
    expect(preflight.headers.get('access-control-allow-headers')).toContain('API-KEY');
    expect(await sandbox.stop('SIGTERM')).toEqual({ code: 0, signal: null });
  } finally {
    await sandbox.stop('SIGKILL');
  }
  const out = sandbox.output();
  const lines = out.split('\n').filter((l) => l.startsWith('GET') || l.startsWith('OPTIONS'));
  expect(lines).toEqual([
    expect.stringMatching(/^GET \/api\/v2\/record\/ 200 /),
    expect.stringMatching(/^GET \/api\/v2\/record\/ 200 /),
    expect.stringMatching(/^OPTIONS /),
  ]);
  expect(out).not.toContain('secret-key-123');
});
