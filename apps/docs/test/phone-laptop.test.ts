import { mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEST_LIMIT_MS } from '@tas/serve/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNDER } from '../src/guide/layout.js';
import { lookAt } from './looked-at.js';
import { openOfflineBrowser } from './offline-browser.js';
import { publishedSite } from './published-site.js';
import { plainStaticServer } from './static-server.js';

// Every page of the site as a partner publishes it (published-site.ts: built for hosted servers and a
// support contact, with addresses as long as a real partner domain makes them), on a phone and on a laptop, as a person
// sees it: a screenshot of each (test-artifacts/screens/, to look at), and what the browser drew
// checked for a page wider than the screen, controls under something else, words broken inside and
// tables cut off; on the phone, the top bar's mark of the current page too.
const screens = fileURLToPath(new URL('../test-artifacts/screens', import.meta.url));
// The pages every build makes (the repository's own build lists them; the addresses change none).
const pages = readdirSync(fileURLToPath(new URL('../dist', import.meta.url))).filter((f) => f.endsWith('.html'));
const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'laptop', width: 1366, height: 768 },
];
let server: Awaited<ReturnType<typeof plainStaticServer>>;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(screens, { recursive: true });
  server = await plainStaticServer(await publishedSite());
  ({ browser } = await openOfflineBrowser());
}, 2 * TEST_LIMIT_MS);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

// Every page with a link of its own in the bar (client.html and others sit under Downloads: UNDER);
// changes.html has none. Looked at on the phone, in the same load as the rest.
const CURRENT: Record<string, string> = UNDER;

/** What is wrong with the top bar's mark of the current page: one link, the page's, visible, and set apart. */
async function barProblems(page: Page, file: string): Promise<string[]> {
  const current = page.locator('.tas-nav a[aria-current="page"]');
  const count = await current.count();
  if (count !== 1) return [`the bar marks ${count} links as the current page`];
  const problems: string[] = [];
  const href = await current.getAttribute('href');
  if (href !== (CURRENT[file] ?? file)) problems.push(`the bar marks ${href} as the current page`);
  if (!(await current.isVisible())) problems.push('the current page is marked in the bar, not visibly');
  const looks = (selector: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((a) => {
        const s = getComputedStyle(a);
        return `${s.color} ${s.fontWeight} ${s.borderBottomWidth}`;
      });
  const [marked, other] = [
    await looks('.tas-nav a[aria-current="page"]'),
    await looks('.tas-nav a:not([aria-current])'),
  ];
  if (marked === other) problems.push(`the bar's current page looks as the others do (${marked})`);
  return problems;
}

describe.each(VIEWPORTS)('on a $name ($width x $height)', ({ name, width, height }) => {
  it.each(pages)(
    '%s looks right',
    async (file) => {
      const context = await browser.newContext({
        viewport: { width, height },
        isMobile: name === 'phone',
        hasTouch: name === 'phone',
      });
      const page = await context.newPage();
      await page.goto(`${server.url}/${file}`);
      if (await page.locator('#redoc').count())
        await page.waitForFunction(() => document.querySelectorAll('#redoc [data-section-id]').length > 3);
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({
        path: join(screens, `${file.replace('.html', '')}-${name}.png`),
        fullPage: name === 'phone',
      });
      const problems = await lookAt(page);
      if (name === 'phone' && file !== 'changes.html') problems.push(...(await barProblems(page, file)));
      // On a phone Redoc's menu opens from a floating button, over the page: looked at open too.
      const menu = page.getByRole('button', { name: 'Open navigation menu' });
      if (name === 'phone' && (await menu.count())) {
        await menu.click();
        await page.getByRole('button', { name: /close/i }).first().waitFor();
        await page.screenshot({ path: join(screens, `${file.replace('.html', '')}-${name}-menu.png`) });
        problems.push(...(await lookAt(page, '.menu-content')).map((p) => `menu open: ${p}`));
      }
      await context.close();
      expect(problems).toEqual([]);
    },
    TEST_LIMIT_MS,
  );
});

describe('after a deep link on a laptop', () => {
  it.each(['reference.html#operation/getResult', 'sandbox-control.html'])(
    '%s keeps the site bar on screen, over nothing the link landed on',
    async (url) => {
      const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
      const target = url.includes('#') ? url : `${url}#/clock/advanceclock`;
      await page.goto(`${server.url}/${target}`);
      await page.waitForFunction(() => !document.querySelector('#tas-prerender'));
      // Redoc scrolls to the operation: the page is scrolled, the bar is still on screen and on top.
      await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(200);
      const bar = await page.evaluate(() => {
        const nav = document.querySelector('.tas-nav') as HTMLElement;
        const r = nav.getBoundingClientRect();
        const at = document.elementFromPoint(r.left + 20, r.top + r.height / 2);
        return { top: r.top, bottom: r.bottom, onTop: Boolean(at && nav.contains(at)) };
      });
      expect(bar.top).toBe(0);
      expect(bar.onTop).toBe(true);
      // The heading the link named is below the bar, not under it.
      if (url.includes('getResult')) {
        const heading = page.locator('#redoc [data-section-id="/results/getresult"] h2').first();
        const box = await heading.boundingBox();
        expect(box?.y ?? -1).toBeGreaterThanOrEqual(bar.bottom - 1);
      }
      await page.close();
    },
    TEST_LIMIT_MS,
  );
});

describe('after a link to an error code on a phone', () => {
  it('errors.html#mobile_limit shows its card from the top, its "Code" label on screen', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await page.goto(`${server.url}/errors.html#mobile_limit`);
    await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(200);
    const cell = await page.evaluate(() =>
      document.getElementById('mobile_limit')?.closest('td')?.getBoundingClientRect(),
    );
    expect(cell?.top).toBeGreaterThanOrEqual(0);
    await page.close();
  });
});
