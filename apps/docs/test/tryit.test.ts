import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '@tas/browser';
import { type MockServer, startMock } from '@tas/mock';
import { listOperations } from '@tas/openapi';
import { type Sandbox, startSandbox } from '@tas/sandbox';
import { READY_LIMIT_MS } from '@tas/serve/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../src/builder/site.js';
import { siteAddresses } from '../src/guide/addresses.js';
import { defaultSiteOptions } from '../src/paths.js';
import { plainStaticServer } from './static-server.js';
import { type Gateway, gateway } from './tryit-servers.js';

// "Try it" as a partner meets it: the built site on a plain static host (no headers of ours), a
// sandbox and a mock on other origins, Chromium at a phone's and a laptop's
// size. The control API's operations are sent from their panels; both wizards are walked; a deployment
// that breaks a rule is named; and no request leaves for any host but the site and the chosen target.
// Every operation of the API, carried from panel to panel on a phone: tryit-phone.test.ts.

const options = defaultSiteOptions();
const artifacts = fileURLToPath(new URL('../test-artifacts', import.meta.url));
const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 768 };
let siteDir = options.outDir;
let ownSite: string | undefined;
const work = mkdtempSync(join(tmpdir(), 'tas-docs-tryit-'));
let site: Awaited<ReturnType<typeof plainStaticServer>>;
let sandbox: Sandbox;
let mock: MockServer;
let sandboxUrl: string;
let mockUrl: string;
let proxy: Gateway;
let browser: Browser;
let page: Page;
const requests: string[] = [];
const errors: string[] = [];
/** What the pages' Content-Security-Policy refused, as the browser said it. */
const refused: string[] = [];

/** A deployment that breaks one stated rule: the record's `status` answered as a string. */
const statusAsString = (req: IncomingMessage, json: unknown) => {
  const data = (json as { data?: { status?: unknown } } | undefined)?.data;
  if (req.method === 'GET' && /^\/api\/v2\/record\/[^/]+\/$/.test(req.url ?? '') && typeof data?.status === 'number')
    data.status = String(data.status);
  return json;
};

/** A browser whose every request is noted, and refused unless it stays on this machine. */
async function openBrowser(viewport: typeof LAPTOP) {
  const ctx = await browser.newContext({ viewport });
  ctx.setDefaultTimeout(READY_LIMIT_MS);
  await ctx.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.protocol === 'data:' || ['127.0.0.1', '127.0.0.2', '127.0.0.3', 'localhost'].includes(url.hostname))
      return route.continue();
    return route.abort('internetdisconnected');
  });
  const p = await ctx.newPage();
  p.on('request', (r) => requests.push(r.url()));
  p.on('pageerror', (e) => errors.push(e.message));
  p.on('console', (m) => {
    if (m.type() !== 'error' || /Failed to load resource/.test(m.text())) return;
    (/Content Security Policy/.test(m.text()) ? refused : errors).push(m.text());
  });
  return { ctx, p };
}

beforeAll(async () => {
  // turbo builds dist/ before tests; a bare `vitest run` (or a dist/ from before Try it) gets a site of its own.
  if (!existsSync(join(siteDir, 'tryit.json'))) {
    ownSite = mkdtempSync(join(tmpdir(), 'tas-docs-tryit-site-'));
    siteDir = ownSite;
    await buildSite({ ...options, outDir: siteDir });
  }
  site = await plainStaticServer(siteDir);
  // The sandbox and the mock a partner starts from Downloads, installed once for this file.
  // In this process: starting them from the site's downloads, as a partner does, is servers-download.test.ts's proof.
  [sandbox, mock] = await Promise.all([startSandbox({ port: 0, rateLimit: false }), startMock({ port: 0 })]);
  sandboxUrl = sandbox.url;
  mockUrl = mock.url;
  proxy = await gateway(sandboxUrl, { change: statusAsString });
  browser = await launchChromium();
  ({ p: page } = await openBrowser(LAPTOP));
  mkdirSync(artifacts, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await proxy?.close();
  await Promise.all([sandbox?.close(), mock?.close()]);
  await site?.close();
  if (ownSite) rmSync(ownSite, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
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

/** The policy the page's first script wrote: where Try it may send, frame and post. */
const effective = (p: Page) =>
  p.evaluate(() =>
    [...document.querySelectorAll('meta[http-equiv="Content-Security-Policy"]')]
      .map((m) => (m as HTMLMetaElement).content)
      .pop(),
  );

/** Chooses a local target at an address, with a key. */
async function choose(kind: 'sandbox' | 'mock', url: string, key: string) {
  await dialog().getByLabel('Target').selectOption(`local-${kind}`);
  await dialog().getByLabel('Address of your local server').fill(url);
  await dialog().getByLabel('Address of your local server').dispatchEvent('change');
  await dialog().getByLabel('API key').fill(key);
}

/** A sandbox helper, beside the value it changes (the others one tap away); what it said. */
async function helper(name: string): Promise<string> {
  const button = dialog().getByRole('button', { name });
  if (!(await button.isVisible())) await dialog().locator('.tas-env-more > summary').click();
  await button.click();
  const said = button.locator('xpath=ancestor::div[contains(@class,"tas-helper-row")][1]').locator('.tas-helper-said');
  await said.waitFor();
  expect(await said.getAttribute('data-status')).toBe('200');
  return (await said.textContent()) ?? '';
}

/** What the API key's hint says (where the key goes). */
const keyHint = () =>
  dialog()
    .getByLabel('API key')
    .getAttribute('aria-describedby')
    .then((id) => page.locator(`#${id}`).textContent());

async function sendAndJudge(): Promise<string | null> {
  await dialog()
    .locator('.tas-sent')
    .evaluate((el) => el.replaceChildren());
  await dialog().getByRole('button', { name: 'Send', exact: true }).click();
  const verdict = dialog().locator('.tas-sent [data-verdict]');
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

  it.each([
    ['authenticateRecord', 'sms', 'Walk it: A standalone record, SMS authentication'],
    ['getRoadmap', 'roadmap', 'Walk it: A roadmap: one authentication for every role'],
  ])(
    "the reference's %s, a journey's first operation of the API, opens the %s journey's walk",
    async (operationId, journey, title) => {
      await page.setViewportSize(PHONE);
      await page.goto(`${site.url}/reference.html#operation/${operationId}`);
      const walk = page.locator(`[data-section-id] button[data-tryit="journey:${journey}"]`).first();
      await walk.click();
      expect(await dialog().getByRole('heading', { level: 2 }).first().textContent()).toBe(title);
      await dialog().getByRole('button', { name: 'Close' }).click();
    },
  );

  it("on the control API's page: each of its operations sent from its panel against the sandbox, marked matching", async () => {
    await page.setViewportSize(LAPTOP);
    const control = JSON.parse(readFileSync(join(siteDir, 'sandbox-control.json'), 'utf8'));
    // The host key's operations (x-host-key: issuing partner keys) take a key no partner has: not tried here.
    const hostOnly = new Set(
      Object.values(control.paths as Record<string, Record<string, { operationId?: string; 'x-host-key'?: boolean }>>)
        .flatMap((item) => Object.values(item))
        .filter((op) => op['x-host-key'] === true)
        .map((op) => op.operationId),
    );
    const ids = listOperations(control)
      .map((o) => o.operationId)
      .filter((id) => !hostOnly.has(id));
    // The first makes the record in VIP wait (its example) whose action the second completes; the reset last.
    const order = [
      'createRecord',
      'completeVip',
      'listRoadmaps',
      'createRoadmap',
      'readSmsOutbox',
      'advanceClock',
      'reset',
    ];
    expect([...order].sort()).toEqual([...ids].sort());
    requests.length = 0;
    let token = '';
    for (const operationId of order) {
      await page.goto(`${site.url}/sandbox-control.html#operation/${operationId}`);
      await page.locator(`[data-section-id] button[data-tryit="ctl:${operationId}"]`).first().click();
      await dialog().waitFor();
      // A sandbox only: the mock has no control API.
      expect(await dialog().getByLabel('Target').locator('option').allTextContents()).toEqual([
        'A sandbox on this machine (localhost)',
        'Another address: add one by hand',
      ]);
      await choose('sandbox', sandboxUrl, 'sandbox-key-sms');
      if (operationId === 'completeVip')
        await dialog().getByLabel('Path parameters (JSON)').fill(JSON.stringify({ token }));
      const verdict = await sendAndJudge();
      const status = await dialog().locator('.tas-sent .tas-status').getAttribute('data-status');
      const answer = JSON.parse((await dialog().locator('.tas-sent .tas-json').textContent()) ?? '{}');
      expect([operationId, status, verdict, answer.messages]).toEqual([operationId, '200', 'matches', []]);
      if (operationId === 'createRecord') token = answer.data.token;
      if (operationId === 'completeVip') expect(answer.data).toMatchObject({ token, status: 2 });
      expect(await dialog().getByRole('button', { name: 'Copy as typed-client code' }).count()).toBe(0);
      await dialog().getByRole('button', { name: 'Close' }).click();
    }
    // The page and its description came from the site; every call went to the sandbox, none elsewhere.
    expect(requests.some((u) => u === `${site.url}/sandbox-control.json`)).toBe(true);
    expect([...new Set(requests.map(origin))].sort()).toEqual([site.url, sandboxUrl].sort());
  });

  it('on a phone: a deep-linked operation, one column, every field labelled', async () => {
    await page.setViewportSize(PHONE);
    await openOperation('submitAnswers');
    await choose('mock', mockUrl, 'any-key');
    await checkReadable();
    await page.screenshot({ path: join(artifacts, 'tryit-form-390.png') });
    expect(await sendAndJudge()).toBe('matches');
    await checkReadable();
    // Persian in the answer reads right to left inside its quotes, the JSON's lines left to right.
    expect(await dialog().locator('.tas-json bdi[lang="fa"]').first().textContent()).toMatch(/^[\u0600-\u06FF]/);
    expect(
      await dialog()
        .locator('.tas-json')
        .evaluate((el) => getComputedStyle(el).direction),
    ).toBe('ltr');
    await page.screenshot({ path: join(artifacts, 'tryit-panel-390.png') });
    await dialog().getByRole('button', { name: 'Close' }).click();
  });

  it('names the departure of a deployment that answers a field in the wrong type', async () => {
    await page.setViewportSize(LAPTOP);
    await openOperation('getRecord');
    await choose('sandbox', proxy.url, 'sandbox-key-sms');
    expect(await helper('Make a ready record')).toMatch(/^Ready record/);
    expect(await sendAndJudge()).toBe('departs');
    const departure = dialog().locator('.tas-sent [data-verdict="departs"] li');
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
    expect(await helper('Make a record in VIP wait')).toMatch(
      /^Record in VIP wait: [0-9a-f-]{36}, now the record token$/,
    );
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

  it('on a phone: a sandbox at an address added by hand is allowed, kept for a later visit until forgotten, the key said to go there', async () => {
    const lan = await gateway(sandboxUrl, { host: '127.0.0.2', prefix: '/lan' });
    const other = await gateway(sandboxUrl, { host: '127.0.0.3' });
    try {
      await page.setViewportSize(PHONE);
      await page.goto(`${site.url}/reference.html`);
      expect(await effective(page)).toBe(
        "connect-src 'self' http://localhost:* http://127.0.0.1:*; frame-src http://localhost:* http://127.0.0.1:*; form-action 'self' http://localhost:* http://127.0.0.1:*",
      );
      await openOperation('getRecord');
      await dialog().getByLabel('Target').selectOption('add');
      expect(await dialog().locator('.tas-key-goes').textContent()).toMatch(
        /carries the API key you give below, in its API-KEY header/,
      );
      expect(await keyHint()).toContain('Sent only to the address you add above');
      await dialog().getByLabel('Address of the server').fill(lan.url);
      await dialog().getByRole('button', { name: 'Allow this address and reload the page' }).click();
      // The page loads again under a policy that names it, and the panel opens again on it.
      await page.waitForEvent('load');
      await dialog().waitFor();
      expect(await dialog().getByLabel('Target').inputValue()).toBe(`added:${lan.url}`);
      expect(await effective(page)).toContain(`connect-src 'self' http://localhost:* http://127.0.0.1:* ${lan.url}/;`);
      expect(await keyHint()).toContain(`Sent only to ${lan.url}, in the API-KEY header`);
      // The whole address under the Target (a phone's select shows a label's start only), nothing wider than the screen.
      expect(await dialog().locator('.tas-target > .tas-field').first().locator('small').textContent()).toBe(
        `Sends to ${lan.url}`,
      );
      await checkReadable();
      await page.screenshot({ path: join(artifacts, 'tryit-added-target-390.png') });
      await dialog().getByLabel('API key').fill('sandbox-key-sms');
      expect(await helper('Make a ready record')).toMatch(/^Ready record/);
      expect(await sendAndJudge()).toBe('matches');
      await page.screenshot({ path: join(artifacts, 'tryit-added-address-390.png') });
      expect(lan.seen()).toBeGreaterThanOrEqual(2);
      // Another origin, and the added one outside its prefix, are refused before they are sent.
      const answers = await page.evaluate(
        async (urls) =>
          Promise.all(
            urls.map((u) =>
              fetch(u).then(
                (r) => String(r.status),
                () => 'refused',
              ),
            ),
          ),
        [`${other.url}/api/v2/record/`, `${new URL(lan.url).origin}/api/v2/record/`],
      );
      expect(answers).toEqual(['refused', 'refused']);
      expect(other.seen()).toBe(0);
      refused.length = 0;
      // A later visit (another tab) offers it still, allowed by the page's policy.
      const later = await page.context().newPage();
      await later.goto(`${site.url}/reference.html#operation/getRecord`);
      await later.locator('[data-section-id] button[data-tryit="op:getRecord"]').first().click();
      const offered = later.locator('dialog.tas-tryit[open]').getByLabel('Target').locator('option');
      await offered.first().waitFor({ state: 'attached' });
      expect(await offered.allTextContents()).toContain(`Added: sandbox at ${lan.url.replace('http://', '')}`);
      expect(await effective(later)).toContain(lan.url);
      await later.close();
      // Forgotten, it is no longer offered nor allowed.
      await dialog().getByRole('button', { name: 'Forget this address' }).click();
      await page.waitForEvent('load');
      await dialog().waitFor();
      expect(await dialog().getByLabel('Target').locator('option').allTextContents()).not.toContain(
        expect.stringContaining(lan.url),
      );
      expect(await effective(page)).not.toContain(lan.url);
      await dialog().getByRole('button', { name: 'Close' }).click();
    } finally {
      await Promise.all([lan.close(), other.close()]);
    }
  });

  it('no page script was refused by the policy, and none failed', () => {
    expect(errors).toEqual([]);
    expect(refused).toEqual([]);
  });
});

describe('Try it on a site built for a hosted sandbox and mock (--sandbox-url, --mock-url)', () => {
  // Hosted as a gateway might serve them: other loopback origins than the site's and localhost's,
  // each under a path prefix. A third origin serves the sandbox too, but the site does not name it.
  let hostedSandbox: Gateway;
  let hostedMock: Gateway;
  let unnamed: Gateway;
  let hostedSite: Awaited<ReturnType<typeof plainStaticServer>>;
  let hostedPage: Page;

  beforeAll(async () => {
    hostedSandbox = await gateway(sandboxUrl, { host: '127.0.0.2', prefix: '/tas/sandbox' });
    hostedMock = await gateway(mockUrl, { host: '127.0.0.3', prefix: '/tas/mock' });
    unnamed = await gateway(sandboxUrl, { host: '127.0.0.3' });
    const outDir = mkdtempSync(join(work, 'hosted-site-'));
    await buildSite({
      ...options,
      outDir,
      addresses: siteAddresses({ sandbox: hostedSandbox.url, mock: hostedMock.url }),
    });
    hostedSite = await plainStaticServer(outDir);
    ({ p: hostedPage } = await openBrowser(PHONE));
  });

  afterAll(async () => {
    await hostedPage?.context().close();
    await Promise.all([hostedSandbox?.close(), hostedMock?.close(), unnamed?.close(), hostedSite?.close()]);
  });

  it('offers the hosted servers first and sends to them from the panel, on a phone', async () => {
    requests.length = 0;
    const panel = () => hostedPage.locator('dialog.tas-tryit[open]');
    const open = async (operationId: string) => {
      await hostedPage.goto(`${hostedSite.url}/reference.html#operation/${operationId}`);
      await hostedPage.locator(`[data-section-id] button[data-tryit="op:${operationId}"]`).first().click();
      await panel().waitFor();
    };
    await open('getRecord');
    const target = panel().getByLabel('Target');
    expect(await target.locator('option').allTextContents()).toEqual([
      `The hosted sandbox (${hostedSandbox.url})`,
      `The hosted mock (${hostedMock.url})`,
      'A sandbox on this machine (localhost)',
      'A mock on this machine (localhost)',
      'Another address: add one by hand',
    ]);
    expect(await target.inputValue()).toBe('sandbox');
    expect(await panel().getByLabel('Address of your local server').isVisible()).toBe(false);
    // The whole address under the Target (a phone's select cuts the label), the key said to go there, nothing wider.
    expect(await panel().locator('.tas-target > .tas-field').first().locator('small').textContent()).toBe(
      `Sends to ${hostedSandbox.url}`,
    );
    const keyHintId = await panel().getByLabel('API key').getAttribute('aria-describedby');
    expect(await hostedPage.locator(`#${keyHintId}`).textContent()).toContain(
      `Sent only to ${hostedSandbox.url}, in the API-KEY header`,
    );
    expect(await panel().evaluate((d) => d.scrollWidth - d.clientWidth)).toBe(0);
    await panel().getByLabel('API key').fill('sandbox-key-sms');
    // The helpers reach the hosted sandbox's control API under its prefix too.
    await panel().getByRole('button', { name: 'Make a ready record' }).click();
    await panel().locator('.tas-helper-said[data-status="200"]').waitFor();
    await panel().getByRole('button', { name: 'Send', exact: true }).click();
    await panel().locator('.tas-sent [data-verdict]').waitFor();
    expect(await panel().locator('.tas-sent [data-verdict]').getAttribute('data-verdict')).toBe('matches');
    await hostedPage.screenshot({ path: join(artifacts, 'tryit-panel-hosted-390.png') });
    await panel().getByRole('button', { name: 'Close' }).click();

    await open('listRecords');
    await panel().getByLabel('Target').selectOption('mock');
    await panel().getByRole('button', { name: 'Send', exact: true }).click();
    await panel().locator('.tas-sent [data-verdict]').waitFor();
    expect(await panel().locator('.tas-sent [data-verdict]').getAttribute('data-verdict')).toBe('matches');
    expect(hostedSandbox.seen()).toBeGreaterThanOrEqual(2);
    expect(hostedMock.seen()).toBeGreaterThanOrEqual(1);
    const asked = [...new Set(requests.map(origin))].sort();
    expect(asked).toEqual([hostedSite.url, new URL(hostedSandbox.url).origin, new URL(hostedMock.url).origin].sort());
  });

  it('its pages allow exactly the hosted servers (and localhost): another origin is refused by the browser', async () => {
    await hostedPage.goto(`${hostedSite.url}/reference.html`);
    expect(await effective(hostedPage)).toMatch(
      new RegExp(
        `^connect-src 'self' ${hostedSandbox.url}/ ${hostedMock.url}/ http://localhost:\\* http://127.0.0.1:\\*;`,
      ),
    );
    const tried = await hostedPage.evaluate(
      async (urls) => {
        const blocked: string[] = [];
        document.addEventListener('securitypolicyviolation', (e) => blocked.push(e.blockedURI));
        const answers: string[] = [];
        for (const url of urls)
          answers.push(
            await fetch(url, { headers: { 'API-KEY': 'sandbox-key-sms' } }).then(
              (r) => String(r.status),
              () => 'refused',
            ),
          );
        return { answers, blocked };
      },
      [
        `${unnamed.url}/api/v2/record/`,
        `${new URL(hostedSandbox.url).origin}/api/v2/record/`,
        `${hostedSandbox.url}/api/v2/record/`,
      ],
    );
    // Another origin, and the hosted one outside its prefix, are refused before they are sent.
    expect(tried).toEqual({
      answers: ['refused', 'refused', '200'],
      blocked: [`${unnamed.url}/api/v2/record/`, `${new URL(hostedSandbox.url).origin}/api/v2/record/`],
    });
    expect(unnamed.seen()).toBe(0);
    expect(errors).toEqual([]);
  });
});
