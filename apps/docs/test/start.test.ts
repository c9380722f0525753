import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BODY_LIMIT } from '@tas/openapi';
import { malformedRequests, sendRaw } from '@tas/serve/malformed';
import {
  deepBody,
  hostileBodies,
  launchReady,
  READY_LIMIT_MS,
  type Running,
  residentBytes,
  stallUploads,
  TEST_LIMIT_MS,
} from '@tas/serve/testing';
import { afterAll, expect, it } from 'vitest';

// `npm start` (scripts/start.mjs) is the README's main command; this runs it on free ports.
const root = fileURLToPath(new URL('../../..', import.meta.url));
const TOKEN = '3f1c2a9e-8b7d-4e61-9a0c-5d2e7f4b1a63';
let start: Running | undefined;
afterAll(() => start?.stop('SIGKILL'));

it('npm start serves the mock, the sandbox and the docs, and Ctrl-C stops them all', async () => {
  // npm start builds the whole versioned site (every release, the downloads) first: minutes on a busy machine.
  const outDir = join(mkdtempSync(join(tmpdir(), 'tas-start-')), 'dist');
  const env = { MOCK_PORT: '0', SANDBOX_PORT: '0', DOCS_PORT: '0', DOCS_OUT_DIR: outDir };
  start = await launchReady(
    [process.execPath, 'scripts/start.mjs'],
    /Running \(Ctrl-C stops all\):[\s\S]*\n {2}docs +http:\S+\n/,
    // Not a server's start but a whole site's build first: as long as a test may take, less the checks after.
    { cwd: root, env, limitMs: TEST_LIMIT_MS - READY_LIMIT_MS / 2 },
  );
  const output = start.output();

  const urls = Object.fromEntries([...output.matchAll(/^ {2}(\w+) +(http:\S+)$/gm)].map((m) => [m[1], m[2]]));
  expect(Object.keys(urls)).toEqual(expect.arrayContaining(['mock', 'docs']));
  if (!urls.sandbox) expect(output).toContain('[sandbox] not available');
  const key = urls.sandbox ? 'sandbox-key-sms' : 'any';
  for (const name of ['mock', 'sandbox'].filter((n) => urls[n])) {
    const res = await fetch(`${urls[name]}record/`, { headers: { 'API-KEY': key } });
    expect([name, res.status]).toEqual([name, 200]);
  }
  // The same site as npm run build: the Changes page and the version switcher.
  for (const file of ['', 'changes.html'])
    expect([file, (await fetch(`${urls.docs}${file}`)).status]).toEqual([file, 200]);
  expect(await (await fetch(urls.docs as string)).text()).toContain('href="changes.html"');

  // No request to the docs port ends npm start (`/%` once took all three down).
  for (const [name, request] of Object.entries(malformedRequests({ prefix: '' }))) {
    const { status = 0 } = await sendRaw(urls.docs as string, request);
    expect([name, status < 500]).toEqual([name, true]);
  }
  expect(start.child.exitCode).toBe(null);
  for (const url of Object.values(urls) as string[])
    expect([url, (await fetch(url)).status < 500]).toEqual([url, true]);

  // A flood at one app does not stop the others (issue 25): 200 uploads that stall and 8 bodies of
  // the limit's size, nested as deep as they can be, at the mock; meanwhile each server answers.
  const pid = start.child.pid as number;
  const before = await residentBytes(pid);
  const mockRoot = urls.mock?.replace(/\/api\/v2\/$/, '') as string;
  const auth = `/api/v2/record/${TOKEN}/auth/`;
  const stalled = await stallUploads(mockRoot, auth, 200, { 'API-KEY': 'any' });
  const hostile = hostileBodies(mockRoot, auth, 8, deepBody(BODY_LIMIT), { 'API-KEY': 'any' });
  const normal = await Promise.all([
    fetch(`${urls.mock}record/`, { headers: { 'API-KEY': 'any' } }).then((r) => r.status),
    fetch(`${urls.sandbox ?? urls.mock}record/`, { headers: { 'API-KEY': key } }).then((r) => r.status),
    fetch(urls.docs as string).then((r) => r.status),
  ]);
  expect(normal).toEqual([200, 200, 200]);
  // Refused without a full parse: 400 (nested too deep), never a 5xx or a dropped connection.
  expect(await hostile).toEqual(Array(8).fill(400));
  stalled.close();
  // Nothing held: the stalled uploads' buffers (64 KiB each) are let go.
  await expect.poll(() => residentBytes(pid), { timeout: READY_LIMIT_MS }).toBeLessThan(before + 64 * 1024 * 1024);

  start.child.kill('SIGINT');
  expect((await start.exited).code).toBe(0);
  await expect(fetch(urls.docs as string)).rejects.toThrow();
});
