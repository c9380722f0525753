import { fileURLToPath } from 'node:url';
import { BODY_BOUNDS_TEXT } from '@tas/openapi';
import { BOUNDS_TEXT } from '@tas/serve';
import { launchReady, type Running, run } from '@tas/serve/testing';
import { afterEach, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));
let mock: Running | undefined;
// npm, the build check and tsx under it share one process group: all of it goes.
afterEach(() => mock?.stop());

it('npm run mock -- --port N serves /api/v2 and logs each request without the key', async () => {
  const started = await launchReady(
    ['npm', 'run', '--silent', 'mock', '--', '--port', '0'],
    /listening on (http:\/\/[\d.:]+)\/api\/v2\//,
    { cwd: root },
  );
  mock = started;
  const [, url] = started.ready;
  const res = await fetch(`${url}/api/v2/record/`, { headers: { 'API-KEY': 'cli-secret' } });
  expect(res.status).toBe(200);
  await started.waitFor(/GET \/api\/v2\/record\/ 200/);
  expect(started.output()).not.toContain('cli-secret');
});

it('--help explains the flags', async () => {
  const ran = await run(['npm', 'run', '--silent', 'mock', '--', '--help'], {}, root);
  expect(ran.code).toBe(0);
  expect(ran.stdout).toMatch(/--port <n>[\s\S]*--dynamic/);
  expect(ran.stdout).toContain(BODY_BOUNDS_TEXT);
  expect(ran.stdout).toContain(BOUNDS_TEXT);
});
