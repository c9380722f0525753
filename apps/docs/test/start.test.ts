import { cpSync, existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BODY_LIMIT } from '@tas/openapi';
import { SEND_TIMEOUT_MS } from '@tas/serve';
import { deepBody, hostileBodies, residentBytes, stallReaders, stallUploads } from '@tas/serve/flood';
import { malformedRequests, sendRaw } from '@tas/serve/malformed';
import { launchReady, READY_LIMIT_MS, type Running, TEST_LIMIT_MS } from '@tas/serve/testing';
import { afterAll, expect, it } from 'vitest';
import { buildVersionedSite } from '../src/builder/versions.js';
import { defaultSiteOptions } from '../src/paths.js';
import { serveDocs } from '../src/serve.js';

// `npm start` (scripts/start.mjs) is the README's main command; this runs it on free ports.
const root = fileURLToPath(new URL('../../..', import.meta.url));
const DIST = fileURLToPath(new URL('../dist', import.meta.url));
const TOKEN = '3f1c2a9e-8b7d-4e61-9a0c-5d2e7f4b1a63';
let start: Running | undefined;
let served: Awaited<ReturnType<typeof serveDocs>> | undefined;
let polling: ReturnType<typeof pollPages> | undefined;
afterAll(async () => {
  start?.stop('SIGKILL');
  // Stopped before its server closes, whenever the test ended (a start that timed out left it asking).
  await polling?.stop();
  await served?.close();
});

/** Asks for three pages of a served site until told to stop: how often each answered with each status. */
function pollPages(url: string) {
  const statuses = new Map<string, number>();
  let done = false;
  const polling = (async () => {
    let count = 0;
    while (!done) {
      for (const file of ['index.html', 'changes.html', 'reference.html']) {
        const res = await fetch(`${url}/${file}`);
        await res.arrayBuffer();
        const key = `${file} ${res.status}`;
        statuses.set(key, (statuses.get(key) ?? 0) + 1);
        count++;
      }
      // A pause between rounds: the build beside it gets the cores; a swap not whole still shows.
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return count;
  })();
  return {
    stop: async () => {
      done = true;
      return { requests: await polling, statuses: [...statuses.keys()].sort() };
    },
  };
}

it(
  'npm start serves the mock, the sandbox and the docs, each in its own process; one that dies is named, and the others stopped',
  async () => {
    // npm start builds the site first, here into a folder holding turbo's build: the working version (the
    // releases' pages kept, as a live edit keeps them), swapped in whole. Minutes on a busy machine.
    const work = mkdtempSync(join(tmpdir(), 'tas-start-'));
    const outDir = join(work, 'dist');
    // Meanwhile `npm run docs` (here its server, in this process) serves the folder npm start rebuilds: the
    // old site is served until the new one is swapped in whole, never a 404 (the build is in npm start's
    // process, as `npm run build`'s is in its own). The site being served: the one turbo built.
    if (existsSync(join(DIST, 'index.html'))) cpSync(DIST, outDir, { recursive: true });
    else await buildVersionedSite({ ...defaultSiteOptions(), outDir });
    served = await serveDocs({ dir: outDir, port: 0 });
    const folder = readdirSync(outDir).sort();
    polling = pollPages(served.url);
    const env = { MOCK_PORT: '0', SANDBOX_PORT: '0', DOCS_PORT: '0', DOCS_OUT_DIR: outDir };
    start = await launchReady(
      [process.execPath, 'scripts/start.mjs'],
      /Running \(Ctrl-C stops all\):[\s\S]*\n {2}docs +http:\S+\n/,
      // Not a server's start but a whole site's build first: as long as a test may take, less the checks after.
      { cwd: root, env, limitMs: TEST_LIMIT_MS - READY_LIMIT_MS / 2 },
    );
    const rebuilt = await polling.stop();
    polling = undefined;
    expect(rebuilt.requests).toBeGreaterThan(30);
    expect(rebuilt.statuses).toEqual(['changes.html 200', 'index.html 200', 'reference.html 200']);
    expect(readdirSync(outDir).sort()).toEqual(folder);
    // Nothing is left beside it.
    expect(readdirSync(work)).toEqual(['dist']);
    await served.close();
    served = undefined;
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
    // Each app in a process of its own, named with its pid.
    // Printed after the addresses, maybe in a later chunk of the pipe than the line the start waited for.
    const [, named = ''] = await start.waitFor(/Each in a process of its own \(([^)]*)\)/);
    const pids = Object.fromEntries([...named.matchAll(/(\w+) (\d+)/g)].map((m) => [m[1], Number(m[2])]));
    expect(Object.keys(pids)).toEqual(expect.arrayContaining(['mock', 'docs']));

    // A flood at one app does not stop the others (issue 25): 200 uploads that stall and 8 bodies of
    // the limit's size, nested as deep as they can be, at the mock; meanwhile each server answers.
    const before = await residentBytes(pids.mock as number);
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
    await expect
      .poll(() => residentBytes(pids.mock as number), { timeout: READY_LIMIT_MS })
      .toBeLessThan(before + 64 * 1024 * 1024);

    // Clients that ask for the 2.3 MB Redoc script and never read it (issue 30: they held their
    // connections 400 s) are closed after the send timeout; meanwhile the docs answer others.
    const redoc = /assets\/redoc\.[0-9a-f]+\.js/.exec(await (await fetch(`${urls.docs}reference.html`)).text())?.[0];
    expect(redoc).toBeDefined();
    const docsBefore = await residentBytes(pids.docs as number);
    const readers = await stallReaders((urls.docs as string).replace(/\/$/, ''), `/${redoc}`, 40);
    expect(await readers.open()).toBe(40);
    expect((await fetch(urls.docs as string)).status).toBe(200);
    const took = await readers.closed();
    readers.close();
    expect(took).toBeLessThan(SEND_TIMEOUT_MS + READY_LIMIT_MS);
    await expect
      .poll(() => residentBytes(pids.docs as number), { timeout: READY_LIMIT_MS })
      .toBeLessThan(docsBefore + 64 * 1024 * 1024);
    expect(start.output()).not.toContain('stopped');

    // An app that dies (here killed, as the kernel kills a process out of memory; a heap that runs out is
    // scripts/test/supervise.test.ts's) is named with why, the others are stopped, and npm start exits 1.
    const victim = pids.sandbox ? 'sandbox' : 'mock';
    process.kill(pids[victim] as number, 'SIGKILL');
    expect((await start.exited).code).toBe(1);
    expect(start.output()).toContain(
      `npm start: ${victim} stopped: killed by SIGKILL (the system, perhaps out of memory, or kill -9); the others are stopped too`,
    );
    for (const url of Object.values(urls) as string[]) await expect(fetch(url)).rejects.toThrow();
  },
  TEST_LIMIT_MS + SEND_TIMEOUT_MS + 2 * READY_LIMIT_MS,
);
