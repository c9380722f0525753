import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEST_LIMIT_MS } from '@tas/serve/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openOfflineBrowser } from './offline-browser.js';
import { plainStaticServer } from './static-server.js';

// Every link of every page of the built site, opened as a new tab, a copied link or a reload opens it:
// fresh, on a static host that knows nothing of the site (no rewrites). A link to a place in a page
// must find that place: an element with the fragment's id, or the reference section Redoc routes to.
const site = fileURLToPath(new URL('../dist', import.meta.url));
const pages = readdirSync(site).filter((f) => f.endsWith('.html'));
// The pages of each other version (v/<version>/, the unreleased preview/), built as the site is: partners land
// there from Changes and the switcher.
const versionPages = [
  ...readdirSync(join(site, 'v')).map((version) => `v/${version}/`),
  ...(existsSync(join(site, 'preview')) ? ['preview/'] : []),
].flatMap((dir) =>
  readdirSync(join(site, dir))
    .filter((f) => f.endsWith('.html'))
    .map((f) => `${dir}${f}`),
);
let server: Awaited<ReturnType<typeof plainStaticServer>>;
let browser: Browser;

beforeAll(async () => {
  server = await plainStaticServer(site);
  ({ browser } = await openOfflineBrowser());
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A page once its content is drawn (for the reference: once Redoc has drawn its sections). */
async function open(page: Page, url: string) {
  const response = await page.goto(url);
  if (new URL(url).pathname.endsWith('reference.html') || new URL(url).pathname.endsWith('sandbox-control.html'))
    await page.waitForFunction(() => document.querySelectorAll('#redoc [data-section-id]').length > 3);
  return response;
}

/** The form of a hash: Redoc's route, an older form of an operation link, or a plain id. */
const formOf = (hash: string) =>
  hash.startsWith('#/') ? 'route' : /^#(tag\/[^/]+\/)?operation\//.test(hash) ? 'operation' : 'id';

/** A link opened in a tab of its own: what is wrong with it, if anything, and the tab (still open). */
async function openFresh(
  context: BrowserContext,
  link: string,
): Promise<{ tab: Page; problem?: string; down?: boolean }> {
  const tab = await context.newPage();
  const response = await open(tab, link).catch((error: Error) => error);
  const status = response instanceof Error ? response.message.split('\n')[0] : response?.status();
  if (status !== 200) return { tab, problem: String(status), down: true };
  // The hash as the page has it once loaded: an older form of a reference link becomes Redoc's route.
  const hash = new URL(tab.url()).hash;
  if (hash && !(await placeFound(tab, hash).catch(() => false))) return { tab, problem: `${hash} not found` };
  return { tab };
}

/** A hash followed in the loaded page, as a click on its link: the hash the page has once it has seen it. */
function follow(page: Page, hash: string): Promise<string> {
  return page.evaluate(
    (to) =>
      new Promise<string>((resolve) => {
        if (location.hash === to) return resolve(to);
        // The page's own listener (its rewrite) was added first, so runs first.
        addEventListener('hashchange', () => setTimeout(() => resolve(location.hash)), { once: true });
        location.hash = to;
      }),
    hash,
  );
}

/** Whether the place a fragment names is in the page: Redoc's route, else an element with that id. */
async function placeFound(page: Page, hash: string): Promise<boolean> {
  const target = decodeURIComponent(hash.slice(1));
  if (target.startsWith('/'))
    return page
      .waitForFunction((id) => Boolean(document.querySelector(`[data-section-id="${CSS.escape(id)}"]`)), target)
      .then(() => true);
  return page.evaluate((id) => Boolean(document.getElementById(id)), target);
}

describe('links on a plain static host', () => {
  it(
    'open the same place fresh, from every page of the site',
    async () => {
      const context = await browser.newContext();
      const reader = await context.newPage();
      const links = new Map<string, string>();
      for (const file of pages) {
        await open(reader, `${server.url}/${file}`);
        const hrefs = await reader.$$eval('a[href]', (as) => as.map((a) => (a as HTMLAnchorElement).href));
        for (const href of hrefs) if (href.startsWith(server.url) && !links.has(href)) links.set(href, file);
      }
      // The reference's own routes are among them, as hash links.
      expect([...links.keys()].some((l) => l.includes('reference.html#/section/'))).toBe(true);

      const broken: string[] = [];
      const byPage = new Map<string, [string, string][]>();
      for (const [link, from] of links) {
        // A file to download (a tarball, the description): fetched, as a browser's download would.
        if (!new URL(link).pathname.endsWith('.html') && !new URL(link).pathname.endsWith('/')) {
          const status = (await context.request.get(link)).status();
          if (status !== 200) broken.push(`${link} (on ${from}): ${status}`);
          continue;
        }
        const { origin, pathname, search } = new URL(link);
        const address = `${origin}${pathname}${search}`;
        byPage.set(address, [...(byPage.get(address) ?? []), [link, from]]);
      }
      // Each page is opened fresh by its first link, and by the first link of each form of hash to it
      // (a plain id, Redoc's route, an older form the page rewrites as it loads): a Redoc page takes
      // seconds to load on a busy machine. Every other link is followed in the first loaded page, as a
      // click on it would be: the page's rewrite of an older form is the same function on load and on
      // a change of hash (prerender.ts's deepLinkScript; its run on load is the fresh open of that form
      // here, and deep-links.test.ts opens every operation of the reference fresh by it). A link to a
      // missing place still fails, fresh or followed.
      for (const pageLinks of byPage.values()) {
        let loaded: Page | undefined;
        let down: string | undefined;
        const forms = new Set<string>();
        for (const [link, from] of pageLinks) {
          const { hash } = new URL(link);
          const form = hash ? formOf(hash) : 'none';
          if (!loaded || !forms.has(form)) {
            forms.add(form);
            const opened = await openFresh(context, link);
            if (opened.problem) broken.push(`${link} (on ${from}): ${opened.problem}`);
            if (loaded) await opened.tab.close();
            else [loaded, down] = [opened.tab, opened.down ? opened.problem : undefined];
            continue;
          }
          if (down) {
            broken.push(`${link} (on ${from}): ${down}`);
            continue;
          }
          const landed = await follow(loaded, hash);
          if (landed && !(await placeFound(loaded, landed).catch(() => false)))
            broken.push(`${link} (on ${from}): ${landed} not found`);
        }
        await loaded?.close();
      }
      expect(broken).toEqual([]);
      expect(links.size).toBeGreaterThan(40);
      await context.close();
    },
    TEST_LIMIT_MS * 2,
  );

  it('lead from a deep link into the reference back to the guide, Downloads and Changes, on a phone', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await open(page, `${server.url}/reference.html#/section/record-states`);
    for (const file of ['index.html', 'downloads.html', 'changes.html'])
      expect(await page.locator(`a[href="${file}"]`).first().isVisible(), file).toBe(true);
    await context.close();
  });

  // Their routes are the current pages' (the same build, checked above): here every link's file answers.
  it(
    "open on the pages of each other version: every link's file is there, none a root path",
    async () => {
      expect(versionPages.length).toBeGreaterThanOrEqual(pages.length);
      const context = await browser.newContext();
      const reader = await context.newPage();
      const broken: string[] = [];
      const checked = new Set<string>();
      for (const file of versionPages) {
        await open(reader, `${server.url}/${file}`);
        const hrefs = await reader.$$eval('a[href]', (as) => as.map((a) => a.getAttribute('href') ?? ''));
        for (const href of hrefs) {
          if (href.startsWith('/')) broken.push(`${href} (on ${file}): a root path`);
          const link = new URL(href, `${server.url}/${file}`);
          if (link.origin !== server.url || checked.has(link.pathname)) continue;
          checked.add(link.pathname);
          const status = (await context.request.get(`${link.origin}${link.pathname}`)).status();
          if (status !== 200) broken.push(`${link.pathname} (on ${file}): ${status}`);
        }
      }
      expect(broken).toEqual([]);
      await context.close();
    },
    TEST_LIMIT_MS * 2,
  );
});
