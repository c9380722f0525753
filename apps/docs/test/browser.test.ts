import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadDescription } from '@tas/openapi';
import { READY_LIMIT_MS, TEST_LIMIT_MS } from '@tas/serve/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { policyOf } from '../src/builder/page-policy.js';
import { buildSite } from '../src/builder/site.js';
import { defaultSiteOptions } from '../src/paths.js';
import { headerPolicy } from '../src/serve/encoded.js';
import { serveDocs } from '../src/serve.js';
import { openOfflineBrowser } from './offline-browser.js';

const doc = loadDescription();
const options = defaultSiteOptions();
let siteDir = options.outDir;
const artifacts = fileURLToPath(new URL('../test-artifacts', import.meta.url));
// A desktop: the phone's and the laptop's widths (390, 1366) are looked at, every page, by
// phone-laptop.test.ts (lookAt: nothing wider than the screen, no table cut, no control covered).
const WIDTHS = [1920];

let server: Awaited<ReturnType<typeof serveDocs>>;
let browser: Browser;
let page: Page;
let left: string[]; // requests that tried to leave localhost
let errors: string[]; // console errors, uncaught page errors and failed local requests

beforeAll(async () => {
  // turbo builds dist/ before tests; a bare `vitest run` builds a site of its own, never dist/ in place.
  if (!existsSync(join(siteDir, 'assumptions.html'))) {
    siteDir = mkdtempSync(join(tmpdir(), 'tas-docs-browser-'));
    await buildSite({ ...options, outDir: siteDir });
  }
  server = await serveDocs({ dir: siteDir, port: 0 });
  ({ browser, page, left, errors } = await openOfflineBrowser());
  // Every violation of the page's Content-Security-Policy, on any page this file opens.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  mkdirSync(artifacts, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Waits until Redoc has drawn the page (its sidebar), or the guide has loaded (not 'networkidle': see git log). */
async function open(path: string) {
  await page.goto(`${server.url}/${path}`);
  if (path.startsWith('reference') || path.startsWith('sandbox-control'))
    await page.locator('[data-component-name="Layout/ThreePanelLayout"]').first().waitFor({ timeout: READY_LIMIT_MS });
}

const PAGES = [
  ['getting-started', ''],
  ['assumptions', 'assumptions.html'],
  ['errors', 'errors.html'],
  ['downloads', 'downloads.html'],
  ['client', 'client.html'],
  ['reference', 'reference.html'],
  ['reference-deep-link', 'reference.html#operation/authenticateRoadmap'],
  ['sandbox-control', 'sandbox-control.html'],
] as const;

describe('the docs site in headless Chromium, offline', () => {
  it('shows the getting-started page with the version and links to the reference and downloads', async () => {
    await open('');
    // The version the site's root serves: the latest release (the working one is under preview/ until released).
    const served = loadDescription(join(siteDir, 'openapi.json')).info.version;
    await expect.poll(() => page.locator('main [data-version]').textContent()).toBe(served);
    for (const href of ['reference.html', 'assumptions.html', 'openapi.yaml', 'openapi.json']) {
      const link = page.locator(`main a[href="${href}"], nav a[href="${href}"]`).first();
      expect(await link.count()).toBe(1);
      expect((await page.request.get(new URL(href, page.url()).href)).status()).toBe(200);
    }
  });

  it.each(WIDTHS)(
    'fits a %i px wide screen on every page, with no sideways scrolling, each under its Content-Security-Policy',
    async (width) => {
      await page.setViewportSize({ width, height: 900 });
      const wide: string[] = [];
      for (const [name, path] of PAGES) {
        if (name === 'sandbox-control' && !existsSync(join(siteDir, 'sandbox-control.html'))) continue;
        const res = await fetch(`${server.url}/${path.split('#')[0]}`);
        // The page's own policy (its inline scripts by hash, no eval), and frame-ancestors.
        const policy = res.headers.get('content-security-policy') ?? '';
        expect([name, policy]).toEqual([name, headerPolicy(policyOf(await res.text()))]);
        expect([name, /unsafe-eval|script-src[^;]*unsafe-inline/.test(policy)]).toEqual([name, false]);
        expect([name, res.headers.get('x-content-type-options')]).toEqual([name, 'nosniff']);
        await open(path);
        const violations = await page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations);
        expect([name, violations]).toEqual([name, []]);
        const [scrollWidth, innerWidth] = await page.evaluate(() => [
          document.documentElement.scrollWidth,
          window.innerWidth,
        ]);
        if (scrollWidth > innerWidth) wide.push(`${name}: ${scrollWidth} px wide in a ${innerWidth} px window`);
        await page.screenshot({ path: join(artifacts, `docs-${name}-${width}.png`) });
      }
      expect(wide).toEqual([]);
    },
    TEST_LIMIT_MS,
  );

  it.each([1366, 1920])(
    "fits the reference's tables at %i px (a laptop and up), no column squeezed or scrolling",
    async (width) => {
      await page.setViewportSize({ width, height: 900 });
      await open('reference.html#/section/record-states');
      const tables = page.locator('#redoc table.md');
      await tables.first().waitFor({ timeout: READY_LIMIT_MS });
      const seen = await tables.evaluateAll((all) =>
        all.map((t) => ({
          scrolls: t.scrollWidth > t.clientWidth + 1,
          narrowest: Math.min(
            ...[...t.querySelectorAll('tr:first-child > *')].map((c) => c.getBoundingClientRect().width),
          ),
          cue: getComputedStyle(t).backgroundImage.includes('gradient'),
        })),
      );
      expect(seen.length).toBeGreaterThan(0);
      for (const table of seen) {
        // The record states' last column was 35 px wide and clipped at 1366 px.
        if (width >= 1366) expect(table).toMatchObject({ scrolls: false, narrowest: expect.any(Number) });
        if (width >= 1366) expect(table.narrowest).toBeGreaterThan(80);
        if (table.scrolls) expect(table.cue).toBe(true);
      }
      await page.screenshot({ path: join(artifacts, `docs-reference-tables-${width}.png`) });
    },
  );

  it('gives the long pages a table of contents whose links land on their sections', async () => {
    await page.setViewportSize({ width: 1366, height: 900 });
    for (const path of ['', 'assumptions.html', 'downloads.html', 'client.html']) {
      await open(path);
      const targets = await page
        .locator('.toc a')
        .evaluateAll((links) => links.map((a) => (a.getAttribute('href') ?? '').slice(1)));
      expect(targets.length).toBeGreaterThan(3);
      for (const id of targets) expect(await page.locator(`[id="${id}"]`).count(), `#${id}`).toBe(1);
    }
  });

  // Getting started is some 35,000 px tall on a phone: from its last section a link leads back to the contents.
  it('leads back to the contents from every section of a long page on a phone', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await open('');
    const back = page.locator('main .to-toc a');
    expect(await back.count()).toBe(await page.locator('main h2[id]').count());
    await back.last().scrollIntoViewIfNeeded();
    await back.last().click();
    // The contents at the top of the screen, after the jump.
    const top = () =>
      page.evaluate(() => Math.abs(document.getElementById('toc')?.getBoundingClientRect().top ?? 99) < 1);
    await expect.poll(top).toBe(true);
    // Beside the text (from 1100 px) the contents are always in view, and the links are not shown.
    await page.setViewportSize({ width: 1366, height: 900 });
    expect(await back.last().isVisible()).toBe(false);
  });

  it('reads Persian right to left, isolated inside code lines', async () => {
    await open('');
    const name = page.locator('pre code bdi', { hasText: 'علی رضایی' }).first();
    expect(await name.evaluate((e) => [e.matches(':dir(rtl)'), getComputedStyle(e).unicodeBidi])).toEqual([
      true,
      'isolate',
    ]);
    // The name is isolated alone: the JSON key and quote before it stay outside, left to right (escaped in a
    // double-quoted body that carries a shell variable: \"name\": \").
    expect(await name.evaluate((e) => e.previousSibling?.textContent?.slice(-12))).toMatch(/"name\\?": \\?"$/);
  });

  it('shows the server with its default base URL in the Servers panel after a deep link', async () => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await open('reference.html#operation/getRoadmap');
    await page.getByText(doc.info.title, { exact: true }).first().click();
    const panel = page.locator('[data-component-name="Panel/PanelBody"]', { hasText: '/api/v2' }).first();
    await expect.poll(() => panel.textContent(), { timeout: READY_LIMIT_MS }).toContain('https://tas.example/api/v2');
    expect(await panel.textContent()).not.toContain('reference.html/');
    await page.screenshot({ path: join(artifacts, 'docs-reference-servers.png') });
  });

  it('finds "roadmap" with the search', async () => {
    await open('reference.html');
    await page.getByText('Search', { exact: false }).first().click();
    await page
      .locator('[data-component-name="Search/SearchInput"] input, input[placeholder^="Search"]')
      .first()
      .fill('roadmap');
    const items = page.locator('[data-component-name="Search/SearchItem"]');
    await expect.poll(() => items.count(), { timeout: READY_LIMIT_MS }).toBeGreaterThan(0);
    expect((await items.first().textContent())?.toLowerCase()).toContain('roadmap');
    await page.screenshot({ path: join(artifacts, 'docs-reference-search.png') });
    await page.keyboard.press('Escape');
  });

  it('renders the sandbox control reference when it was built', async () => {
    if (!existsSync(join(siteDir, 'sandbox-control.html'))) return;
    await open('sandbox-control.html');
    await expect
      .poll(
        () =>
          page
            .getByRole('heading', { name: /sandbox control API/i })
            .first()
            .isVisible(),
        { timeout: READY_LIMIT_MS },
      )
      .toBe(true);
  });

  it('sent no request outside localhost and logged no console error', () => {
    expect(left).toEqual([]);
    expect(errors).toEqual([]);
  });
});
