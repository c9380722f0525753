import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { listOperations, loadDescription } from '@tas/openapi';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../src/build/site.js';
import { defaultSiteOptions } from '../src/paths.js';
import { serveDocs } from '../src/serve.js';

const doc = loadDescription();
const options = defaultSiteOptions();
const artifacts = fileURLToPath(new URL('../test-artifacts', import.meta.url));
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

let server: Awaited<ReturnType<typeof serveDocs>>;
let browser: Browser;
let page: Page;
const left: string[] = []; // requests that tried to leave localhost
const errors: string[] = []; // console errors and uncaught page errors

beforeAll(async () => {
  // turbo builds dist/ before tests; a bare `vitest run` builds it here.
  if (!existsSync(join(options.outDir, 'reference.html'))) await buildSite(options);
  server = await serveDocs({ dir: options.outDir, port: 0 });
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const context = await browser.newContext();
  // The network is cut off: everything outside localhost is refused, and noted.
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.protocol === 'data:' || ['127.0.0.1', 'localhost'].includes(url.hostname)) return route.continue();
    left.push(url.href);
    return route.abort('internetdisconnected');
  });
  page = await context.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`${page.url()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
  mkdirSync(artifacts, { recursive: true });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('the docs site in headless Chromium, offline', () => {
  it('shows the getting-started page with the version and links to the reference and downloads', async () => {
    await page.goto(`${server.url}/`, { waitUntil: 'networkidle' });
    await expect.poll(() => page.locator('main [data-version]').textContent()).toBe(doc.info.version);
    for (const href of ['reference.html', 'openapi.yaml', 'openapi.json']) {
      const link = page.locator(`main a[href="${href}"], nav a[href="${href}"]`).first();
      expect(await link.count()).toBe(1);
      expect((await page.request.get(new URL(href, page.url()).href)).status()).toBe(200);
    }
    await page.screenshot({ path: join(artifacts, 'docs-getting-started.png'), fullPage: false });
  }, 60_000);

  it.each(listOperations(doc).map((op) => [op.operationId, op.summary] as const))(
    'the reference shows %s',
    async (operationId, summary) => {
      await page.goto(`${server.url}/reference.html#operation/${operationId}`, { waitUntil: 'networkidle' });
      await expect
        .poll(() => page.getByRole('heading', { name: summary }).first().isVisible(), { timeout: 15_000 })
        .toBe(true);
    },
    60_000,
  );

  it('finds "roadmap" with the search', async () => {
    await page.goto(`${server.url}/reference.html`, { waitUntil: 'networkidle' });
    await page.getByText('Search', { exact: false }).first().click();
    await page
      .locator('[data-component-name="Search/SearchInput"] input, input[placeholder^="Search"]')
      .first()
      .fill('roadmap');
    const items = page.locator('[data-component-name="Search/SearchItem"]');
    await expect.poll(() => items.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect((await items.first().textContent())?.toLowerCase()).toContain('roadmap');
    await page.screenshot({ path: join(artifacts, 'docs-reference-search.png') });
    await page.keyboard.press('Escape');
    await page.screenshot({ path: join(artifacts, 'docs-reference.png') });
  }, 60_000);

  it('renders the sandbox control reference when it was built', async () => {
    if (!existsSync(join(options.outDir, 'sandbox-control.html'))) return;
    await page.goto(`${server.url}/sandbox-control.html`, { waitUntil: 'networkidle' });
    await expect
      .poll(
        () =>
          page
            .getByRole('heading', { name: /sandbox control API/i })
            .first()
            .isVisible(),
        { timeout: 15_000 },
      )
      .toBe(true);
  }, 60_000);

  it('sent no request outside localhost and logged no console error', () => {
    expect(left).toEqual([]);
    expect(errors).toEqual([]);
  });
});
