import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { listOperations, loadDescription } from '@tas/openapi';
import { launch, READY_LIMIT_MS, type Running, tsxCommand } from '@tas/serve/testing';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../src/builder/site.js';
import { defaultSiteOptions } from '../src/paths.js';
import { plainStaticServer } from './static-server.js';

// "Try it" as a partner meets it: the built site on a plain static host (no headers of ours), the
// sandbox and the mock started from their CLIs on other origins, Chromium at a phone's and a laptop's
// size. Every operation is sent once from its panel and judged; both journeys are walked; a deployment
// that breaks a rule is named; and no request leaves for any host but the site and the chosen target.

const doc = loadDescription();
const options = defaultSiteOptions();
const artifacts = fileURLToPath(new URL('../test-artifacts', import.meta.url));
const root = (path: string) => fileURLToPath(new URL(`../../../${path}`, import.meta.url));
const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 768 };
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

let siteDir = options.outDir;
let ownSite: string | undefined;
let site: Awaited<ReturnType<typeof plainStaticServer>>;
let sandbox: Running;
let mock: Running;
let sandboxUrl: string;
let mockUrl: string;
let proxy: { url: string; close: () => Promise<void> };
let browser: Browser;
let context: BrowserContext;
let page: Page;
const requests: string[] = [];
const errors: string[] = [];

/** A deployment that breaks one stated rule: the record's `status` answered as a string. */
function breakingProxy(upstream: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((req, res) => {
    const forward = httpRequest(`${upstream}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (c) => chunks.push(c));
      answer.on('end', () => {
        let body = Buffer.concat(chunks).toString('utf8');
        if (req.method === 'GET' && /^\/api\/v2\/record\/[^/]+\/$/.test(req.url ?? '')) {
          const json = JSON.parse(body);
          if (json?.data && typeof json.data.status === 'number') json.data.status = String(json.data.status);
          body = JSON.stringify(json);
        }
        const headers = { ...answer.headers, 'content-length': String(Buffer.byteLength(body)) };
        res.writeHead(answer.statusCode ?? 502, headers).end(body);
      });
    });
    req.pipe(forward);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((r) => server.close(() => r())) });
    }),
  );
}

beforeAll(async () => {
  // turbo builds dist/ before tests; a bare `vitest run` (or a dist/ from before Try it) gets a site of its own.
  if (!existsSync(join(siteDir, 'tryit.json'))) {
    ownSite = mkdtempSync(join(tmpdir(), 'tas-docs-tryit-'));
    siteDir = ownSite;
    await buildSite({ ...options, outDir: siteDir });
  }
  site = await plainStaticServer(siteDir);
  sandbox = launch(tsxCommand(root('apps/sandbox/src/cli.ts'), ['--port', '0', '--no-rate-limit']));
  mock = launch(tsxCommand(root('apps/mock/src/cli.ts'), ['--port', '0', '--quiet']));
  [, sandboxUrl = ''] = await sandbox.waitFor(/sandbox listening on (http:\/\/[\d.:]+)/);
  [, mockUrl = ''] = await mock.waitFor(/listening on (http:\/\/[\d.:]+)\/api\/v2\//);
  proxy = await breakingProxy(sandboxUrl);
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  context = await browser.newContext({ viewport: LAPTOP });
  context.setDefaultTimeout(READY_LIMIT_MS);
  // Nothing may leave this machine; every request is noted to check where it went.
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.protocol === 'data:' || ['127.0.0.1', 'localhost'].includes(url.hostname)) return route.continue();
    return route.abort('internetdisconnected');
  });
  page = await context.newPage();
  page.on('request', (r) => requests.push(r.url()));
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) errors.push(m.text());
  });
  mkdirSync(artifacts, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await proxy?.close();
  await sandbox?.stop('SIGINT');
  await mock?.stop('SIGINT');
  await site?.close();
  if (ownSite) rmSync(ownSite, { recursive: true, force: true });
});

const origin = (url: string) => new URL(url).origin;
const dialog = () => page.locator('dialog.tas-tryit[open]');

/** The reference at one operation's deep link, drawn by Redoc. */
async function openOperation(operationId: string) {
  await page.goto(`${site.url}/reference.html#operation/${operationId}`);
  const button = page.locator(`[data-section-id] button[data-tryit="op:${operationId}"]`).first();
  await button.waitFor({ state: 'visible' });
  await button.click();
  await dialog().waitFor();
}

/** Chooses a local target at an address, with a key. */
async function choose(kind: 'sandbox' | 'mock', url: string, key: string) {
  await dialog().getByLabel('Target').selectOption(`local-${kind}`);
  await dialog().getByLabel('Address of your local server').fill(url);
  await dialog().getByLabel('Address of your local server').dispatchEvent('change');
  await dialog().getByLabel('API key').fill(key);
}

async function helper(name: string): Promise<string> {
  const helpers = dialog().locator('details.tas-helpers');
  if (!(await helpers.evaluate((d) => (d as HTMLDetailsElement).open))) await helpers.locator('summary').click();
  await helpers.getByRole('button', { name }).click();
  const said = helpers.locator('.tas-helper-said');
  await said.waitFor();
  expect(await said.getAttribute('data-status')).toBe('200');
  return (await said.textContent()) ?? '';
}

async function sendAndJudge(): Promise<string | null> {
  await dialog()
    .locator('.tas-result')
    .first()
    .evaluate((el) => el.replaceChildren());
  await dialog().getByRole('button', { name: 'Send', exact: true }).click();
  const verdict = dialog().locator('.tas-answer [data-verdict]').first();
  await verdict.waitFor();
  return verdict.getAttribute('data-verdict');
}

/** Nothing in the dialog is wider than the screen, and every field has a name a screen reader reads. */
async function checkReadable() {
  const report = await dialog().evaluate((d) => {
    const wide = [...d.querySelectorAll('*')]
      .filter(
        (el) => (el as HTMLElement).offsetParent !== null && el.getBoundingClientRect().right > window.innerWidth + 1,
      )
      .map((el) => `${el.tagName}.${el.className}`);
    const unnamed = [...d.querySelectorAll('input, select, textarea, button')]
      .filter(
        (el) => !((el as HTMLInputElement).labels?.length || el.getAttribute('aria-label') || el.textContent?.trim()),
      )
      .map((el) => el.outerHTML.slice(0, 80));
    return { wide, unnamed, scroll: d.scrollWidth - d.clientWidth };
  });
  expect(report).toEqual({ wide: [], unnamed: [], scroll: 0 });
}

describe('Try it, on a plain static host, against a sandbox and a mock on other origins', () => {
  it('loads no Try-it code until a panel is opened', async () => {
    requests.length = 0;
    await page.goto(`${site.url}/reference.html#operation/listRecords`);
    await page.locator('[data-section-id] button[data-tryit="op:listRecords"]').first().waitFor();
    expect(requests.filter((u) => /tryit|openapi\.json/.test(u))).toEqual([]);
    await page.locator('[data-section-id] button[data-tryit="op:listRecords"]').first().click();
    await dialog().waitFor();
    expect(requests.filter((u) => /assets\/tryit\.[0-9a-f]+\.js$/.test(u))).toHaveLength(1);
    await dialog().getByRole('button', { name: 'Close' }).click();
  });

  it('sends every operation once from its panel (laptop) and sees each marked matching', async () => {
    await page.setViewportSize(LAPTOP);
    requests.length = 0;
    const sent: string[] = [];
    const steps: [string, () => Promise<void>][] = [
      ['listRecords', async () => {}],
      [
        'getRecord',
        async () => void expect(await helper('Make a ready record')).toMatch(/^Ready record of career-interest/),
      ],
      ['authenticateRecord', async () => {}],
      ['verifyRecordAuth', async () => void expect(await helper('Read the SMS code')).toMatch(/^Code \d{5}/)],
      ['getQuestions', async () => {}],
      ['submitAnswers', async () => {}],
      ['getResult', async () => {}],
      ['getRoadmap', async () => void expect(await helper('Make a roadmap')).toMatch(/^Roadmap /)],
      ['authenticateRoadmap', async () => {}],
      ['verifyRoadmapAuth', async () => void expect(await helper('Read the SMS code')).toMatch(/^Code \d{5}/)],
    ];
    expect(steps.map(([id]) => id).sort()).toEqual(
      listOperations(doc)
        .map((o) => o.operationId)
        .sort(),
    );
    for (const [operationId, before] of steps) {
      await openOperation(operationId);
      await choose('sandbox', sandboxUrl, 'sandbox-key-sms');
      await before();
      const verdict = await sendAndJudge();
      const status = await dialog().locator('.tas-status').first().getAttribute('data-status');
      expect([operationId, status, verdict]).toEqual([operationId, '200', 'matches']);
      if (operationId === 'verifyRoadmapAuth') {
        await page.screenshot({ path: join(artifacts, 'tryit-panel-1366.png') });
        // Copy as curl and as typed-client code: exactly what was sent, the key kept out.
        await dialog().getByRole('button', { name: 'Copy as curl' }).click();
        const curl = (await dialog().locator('.tas-copied').textContent()) ?? '';
        expect(curl).toContain(`-X PUT '${sandboxUrl}/api/v2/roadmap/`);
        expect(curl).toContain('"draft_token"');
        expect(curl).not.toContain('sandbox-key');
        await dialog().getByRole('button', { name: 'Copy as typed-client code' }).click();
        const client = (await dialog().locator('.tas-copied').textContent()) ?? '';
        expect(client).toContain(`tas.call('verifyRoadmapAuth'`);
        expect(client).toContain(`baseUrl: '${sandboxUrl}'`);
      }
      sent.push(operationId);
      await dialog().getByRole('button', { name: 'Close' }).click();
    }
    expect(sent).toHaveLength(listOperations(doc).length);
    // Only the site and the chosen sandbox were asked; the key never in a URL, never kept beyond the tab.
    const asked = new Set(requests.map(origin));
    expect(asked.has(sandboxUrl)).toBe(true);
    expect(
      [...asked].filter((o) => o !== site.url && o !== sandboxUrl),
      requests.join('\n'),
    ).toEqual([]);
    expect(requests.filter((u) => u.includes('sandbox-key'))).toEqual([]);
    const stored = await page.evaluate(() => ({ local: localStorage.length, session: JSON.stringify(sessionStorage) }));
    expect(stored.local).toBe(0);
    expect(stored.session).toContain('sandbox-key-sms');
  });

  it('on a phone: a deep-linked operation, one column, every field labelled', async () => {
    await page.setViewportSize(PHONE);
    await openOperation('submitAnswers');
    await choose('mock', mockUrl, 'any-key');
    expect(await sendAndJudge()).toBe('matches');
    await checkReadable();
    await page.screenshot({ path: join(artifacts, 'tryit-panel-390.png') });
    await dialog().getByRole('button', { name: 'Close' }).click();
  });

  it('names the departure of a deployment that answers a field in the wrong type', async () => {
    await page.setViewportSize(LAPTOP);
    await openOperation('getRecord');
    await choose('sandbox', proxy.url, 'sandbox-key-sms');
    expect(await helper('Make a ready record')).toMatch(/^Ready record/);
    expect(await sendAndJudge()).toBe('departs');
    const departure = dialog().locator('.tas-answer [data-verdict="departs"] li');
    expect(
      await departure.evaluateAll((items) =>
        items.map((li) => [li.getAttribute('data-path'), li.getAttribute('data-rule'), li.getAttribute('data-ground')]),
      ),
    ).toEqual([['$.data.status', 'response.schema', 'stated']]);
    expect(await departure.first().textContent()).toMatch(/must be integer/);
    await dialog().getByRole('button', { name: 'Close' }).click();
  });

  it('the sandbox helpers complete a VIP action and move the clock', async () => {
    await openOperation('getRecord');
    await choose('sandbox', sandboxUrl, 'sandbox-key-instant');
    expect(await helper('Make a record in VIP wait')).toMatch(/^Record in VIP wait: [0-9a-f-]{36}$/);
    expect(await helper('Complete the VIP action')).toMatch(/is ready \(status 2\)$/);
    expect(await sendAndJudge()).toBe('matches');
    expect(await helper('Move the clock')).toMatch(/^The organizer's clock is now \d{4}-/);
    await dialog().getByRole('button', { name: 'Close' }).click();
  });

  async function walk(journey: string, kind: 'sandbox' | 'mock', url: string, size: typeof PHONE, shot: string) {
    await page.setViewportSize(size);
    await page.goto(`${site.url}/`);
    await page.locator(`button[data-tryit="journey:${journey}"]`).click();
    await dialog().waitFor();
    await choose(kind, url, kind === 'sandbox' ? 'sandbox-key-sms' : 'any-key');
    if (kind === 'sandbox') {
      await dialog()
        .getByRole('button', { name: /^Reset/ })
        .click();
      await dialog().getByText('The organizer is back to its seed.').waitFor();
    }
    const steps = await dialog().locator('li.tas-step').count();
    for (let n = 1; n <= steps; n++) {
      const step = dialog().locator(`li.tas-step[data-step="${n}"]`);
      await step.locator('.tas-send').click();
      await expect
        .poll(async () => [
          n,
          (await step.getAttribute('class'))?.includes('tas-done') ? 'done' : await step.textContent(),
        ])
        .toEqual([n, 'done']);
      const verdict = step.locator('[data-verdict]');
      if (await verdict.count()) expect([n, await verdict.getAttribute('data-verdict')]).toEqual([n, 'matches']);
      if (kind === 'mock') expect(await step.locator('.tas-mock-note').isVisible()).toBe(true);
    }
    await dialog().locator('.tas-finished').waitFor();
    await checkReadable();
    await page.screenshot({ path: join(artifacts, shot), fullPage: false });
    const last = dialog().locator(`li.tas-step[data-step="${steps}"] .tas-json`);
    const result = JSON.parse((await last.textContent()) ?? '{}');
    await dialog().getByRole('button', { name: 'Close' }).click();
    return result;
  }

  it('walks the SMS journey on a phone against the sandbox, to a finished record', async () => {
    requests.length = 0;
    const result = await walk('sms', 'sandbox', sandboxUrl, PHONE, 'tryit-journey-sms-390.png');
    expect(result).toMatchObject({ successful: true, data: { test_id: 'career-interest' } });
    expect(result.data.scores.length).toBeGreaterThan(0);
    expect([...new Set(requests.map(origin))].sort()).toEqual([site.url, sandboxUrl].sort());
  });

  it('walks the roadmap journey on a laptop against the sandbox, both roles to their results', async () => {
    const result = await walk('roadmap', 'sandbox', sandboxUrl, LAPTOP, 'tryit-journey-roadmap-1366.png');
    expect(result).toMatchObject({ successful: true, data: { test_id: 'parenting-style' } });
  });

  it('walks both journeys against the mock, each step saying what the mock cannot do', async () => {
    requests.length = 0;
    await walk('sms', 'mock', mockUrl, LAPTOP, 'tryit-journey-sms-mock-1366.png');
    await walk('roadmap', 'mock', mockUrl, PHONE, 'tryit-journey-roadmap-mock-390.png');
    expect([...new Set(requests.map(origin))].sort()).toEqual([site.url, mockUrl].sort());
  });

  it('the pages carry the policy that allows exactly the site, the configured targets and localhost', async () => {
    const html = await (await fetch(`${site.url}/reference.html`)).text();
    expect(html).toContain(
      `<meta http-equiv="Content-Security-Policy" content="connect-src 'self' http://localhost:* http://127.0.0.1:*">`,
    );
    expect(errors).toEqual([]);
  });
});
